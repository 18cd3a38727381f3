import type { Connection, TextEdit } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { dialectOf } from "../workspace/find-scripts.js";
import type { Scripts } from "./documents.js";

type Format = typeof import("../format/format.js").format;

// Formatting is `podc fmt`: the same formatter, on the editor's text. The canonical layout has no options, so the
// editor's tab size and spaces setting are ignored. The result is one edit replacing the whole text (the formatter
// keeps a byte-order mark and the line ending), or none when the script is already formatted — or when the
// formatter could not keep the script's meaning, which the writer is told instead of seeing nothing happen.

/** Answers whole-document formatting requests. */
export function addFormattingHandler(connection: Connection, scripts: Scripts): void {
  connection.onDocumentFormatting(async (params) => {
    const document = scripts.documents.get(params.textDocument.uri);
    // A Fountain screenplay keeps its writer's layout, as `podc fmt` leaves it.
    if (!document || dialectOf(document.uri) === "fountain") return null;
    // Over the size cap the script is not read, as `podc fmt` leaves it (its diagnostics say why).
    if (Buffer.byteLength(document.getText(), "utf8") > scripts.configForUri(document.uri).config.limits.fileBytes) return null;
    // The formatter is loaded with the first request, not with the server: it brings the display-width tables
    // (string-width), whose set-up would otherwise delay every editor's first diagnostics.
    const { format } = await import("../format/format.js");
    const { edits, safe } = formatDocument(document, format);
    if (!safe) void connection.window.showWarningMessage("podc: this script cannot be formatted safely, so it was left as it is");
    return edits;
  });
}

/** The edits that give the document its canonical layout, and whether the formatter could do so safely. */
function formatDocument(document: TextDocument, format: Format): { edits: TextEdit[]; safe: boolean } {
  const text = document.getText();
  const formatted = format(text);
  if (formatted.text === text) return { edits: [], safe: formatted.safe };
  return { edits: [{ range: { start: document.positionAt(0), end: document.positionAt(text.length) }, newText: formatted.text }], safe: true };
}
