/**
 * A resource that does not exist is told as such: `-32602` with its URI (ResourceNotFoundError), as revision
 * 2026-07-28 requires and 2025-11-25 allows, instead of the internal error a thrown read would be.
 */
import { ResourceNotFoundError } from '@modelcontextprotocol/server';

/** Reads a resource; a read that fails because the thing is not there becomes a ResourceNotFoundError. */
export async function readOrNotFound<T>(uri: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (
      /not found|no structure named|no structure file|no build job|is not a valid|is not a file name|does not end in|ENOENT/i.test(
        message,
      )
    )
      throw new ResourceNotFoundError(uri, `${uri}: ${message}`);
    throw err;
  }
}
