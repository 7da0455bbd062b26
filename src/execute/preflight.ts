/** The command as sent: without a leading slash and surrounding spaces. */
export const normalizeCommand = (raw: string): string => raw.trim().replace(/^\//, '');
