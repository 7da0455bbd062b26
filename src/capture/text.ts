/** Plain text of a captured line, as the player would read it. */
import type { CapturedMessage } from '../vocabulary/text/message.js';

export const renderLine = (line: CapturedMessage): string => line.text;
