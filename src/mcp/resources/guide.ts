/**
 * Resource `mcbridge://guide/results`: how to read what execute_commands (and place_structure, build jobs)
 * answer, in full. The tools' descriptions keep what a model needs to pick the tool; the details are here,
 * read when an answer needs them.
 */
import type { McpServer } from '@modelcontextprotocol/server';

export const RESULTS_GUIDE_URI = 'mcbridge://guide/results';

const GUIDE = `# Reading mcbridge results

Commands are pipelined and attributed exactly (fences): each result holds only its own command's lines.

## Status of each command
- applied: the server confirmed it (applied=true). With detail.inferred the server is silent on success (sendCommandFeedback off, or tellraw/say), so success is inferred.
- rejected_by_game: the server refused it (syntax error, unknown block, too big, unloaded area…); nothing changed. detail.key is the exact translation key. detail.noChange=true means the world ALREADY matched (e.g. "No blocks were filled"): the counts call it unchanged (unchangedCount, never in failedCount); do not resend.
- execution_error: the command crashed inside the server.
- timed_out: no reply in time; the world may or may not have changed — check before resending.
- rejected_by_safety: refused before sending by the operator's safety policy or because it would get the bot kicked; the summary says how to fix it.
- unknown: nobody can tell (applied=null), e.g. the connection dropped or the server gives no feedback; verify the world.
- skipped: not run because a dependsOn/condition was not met, stopOnFailure, or cancellation.
- rolled_back: it ran, but transactional: true put its blocks back because another command failed (applied=false). The text's first line then says ROLLED BACK and names the failed command(s): fix them and resend the WHOLE batch.

## Fixes and next steps
A result that did not apply carries its fix in summary and detail.suggestion: "did you mean spruce_planks?" for unknown block, item, entity ids and command names, the valid states of a block ("facing takes north, south, west, east"), or the command's usage from the server's command tree.
Read "hint" for what to do next. actionHints.nextSteps (omitted when empty) are follow-up calls inferred from what was built, most relevant first, each also a "next (required|optional): tool {args} — why" line of the text: call suggestedTool with suggestedArgs as they are; optional: false means the build is not finished without that step (e.g. a room without a door). Only steps the safety policy allows are suggested.
A tp/teleport of the bot is applied when the server moves the bot; its result has botPosition (where the bot now is; get_connection_info says whether it stands on the ground or hovers). "undo" says whether undo_last can put this batch back (recorded) or not (not_recorded, with the reason). undo_last says how many blocks it changed back and how many already matched, and lists every entry it still holds, newest first, with whether it can undo it now (list: true lists them without undoing). A build job is never recorded: undo_last stops at it.

## Steps
A command is a string or a step {id, command, dependsOn: [ids], condition: {ifSuccess|ifFailed: id}}: a step whose dependencies did not succeed, or whose condition does not hold, is skipped.

## Compact answers
Unless resultDetail: "full", fields at their default are left out: an ordinary success (applied, its one line is its summary) has no detail and empty chatMessages; a verification that read every block back as written is left out (verifiedCount counts them; mismatch, unloaded and not_checked are always shown); a result's captureStrategy when it is the batch's; an applied command's detail.args, shown in its summary; zero unknownCount/skippedCount; top-level chatMessages already in a result.

## Long work as MCP tasks
execute_commands, place_structure and start_build_job accept task-augmented calls: the call returns a task at once, tasks/get shows progress in its statusMessage, tasks/result gives the answer a plain call gives (for start_build_job: the job's report at its end), tasks/cancel stops after the commands already sent, and every command is accounted for in the result.
`;

export function registerGuideResource(server: McpServer): void {
  server.registerResource(
    'results-guide',
    RESULTS_GUIDE_URI,
    {
      title: 'How to read mcbridge results',
      description: 'Every status, field and compact rule of execute_commands answers, in full',
      mimeType: 'text/markdown',
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: GUIDE }] }),
  );
}
