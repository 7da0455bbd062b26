/**
 * The templates `place template minecraft:<name>` places. The world does not own them: whoever starts it
 * hands in a TemplateSource (mcbridge passes its saved structures). The world runs in a child process, so
 * the source stays in the parent and the child asks for one template at a time (templates-over-ipc.ts).
 */

/** A template as the world reads it; plain data, so that it crosses the process boundary unchanged. */
export interface Template {
  size: { x: number; y: number; z: number };
  /** block state keys, e.g. `minecraft:oak_stairs[facing=east]` */
  palette: readonly string[];
  /** palette index per position: x fastest, then z, then y */
  blocks: readonly number[];
}

export interface TemplateSource {
  /** The template called `name`; undefined or a rejection: there is none (commands.place.template.invalid). */
  load(name: string): Promise<Template | undefined>;
}
