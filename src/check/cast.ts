import type { Script } from "../ast/nodes.js";
import type { Span } from "../source/span.js";
import type { Config } from "../config/schema.js";

export interface CastMember {
  label: string;
  voice: string;
  /** Where the voice was given: the script's Cast entry, or the project configuration. */
  from: "script" | "config";
  /** The Cast entry's label span, for scripts. */
  labelSpan?: Span;
  voiceSpan?: Span;
}

/** The cast a script speaks with: the project's, overridden label by label by the script's own Cast entries. */
export function resolveCast(script: Script, config: Config): Map<string, CastMember> {
  const cast = new Map<string, CastMember>();
  for (const [label, voice] of Object.entries(config.cast)) cast.set(label, { label, voice, from: "config" });
  for (const entry of script.titlePage?.entries ?? []) {
    for (const member of entry.cast ?? []) {
      cast.set(member.label.text, {
        label: member.label.text,
        voice: member.voice.text,
        from: "script",
        labelSpan: member.label.span,
        voiceSpan: member.voice.span,
      });
    }
  }
  return cast;
}

/** The label → voice map lowering needs. */
export function voicesOf(cast: Map<string, CastMember>): Map<string, string> {
  return new Map([...cast].map(([label, member]) => [label, member.voice]));
}
