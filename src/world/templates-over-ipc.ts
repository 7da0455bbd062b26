/**
 * `place template` in the world process, its templates in the parent: the child asks for one template by
 * name, the parent answers from the TemplateSource its caller handed to startWorld (templates.ts).
 */
import type { ParentToWorld, WorldToParent } from './ipc.js';
import type { Template, TemplateSource } from './templates.js';

/** Parent side: answers one request of the world process from `source`, sending only the template's data. */
export async function answerTemplateRequest(
  source: TemplateSource | undefined,
  request: Extract<WorldToParent, { type: 'template-request' }>,
): Promise<Extract<ParentToWorld, { type: 'template' }>> {
  const found = await source?.load(request.name).catch(() => undefined);
  const template = found ? { size: found.size, palette: found.palette, blocks: found.blocks } : null;
  return { type: 'template', id: request.id, template };
}

/**
 * Child side: a TemplateSource that asks the parent. The parent always answers (null when it has no such
 * template); should it not answer within `timeoutMs`, the load rejects, so that `place template` answers
 * instead of waiting forever.
 */
export class TemplatesOverIpc implements TemplateSource {
  private next = 0;
  private readonly waiting = new Map<number, (template: Template | undefined) => void>();

  constructor(
    private readonly send: (message: WorldToParent) => void,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Hands a reply of the parent to the request waiting for it. */
  answer(message: Extract<ParentToWorld, { type: 'template' }>): void {
    this.waiting.get(message.id)?.(message.template ?? undefined);
  }

  load(name: string): Promise<Template | undefined> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`the world's parent did not answer for template "${name}" in ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.waiting.set(id, (template) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(template);
      });
      this.send({ type: 'template-request', id, name });
    });
  }
}
