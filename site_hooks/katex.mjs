// Typeset formulas with KaTeX (npm `katex`), for site_hooks/math.py at build time.
//
// Reads one JSON array per line on standard input, each item [tex, display]
// (display: a display formula), and writes one JSON array per line: each
// formula's HTML (KaTeX's HTML and MathML, as katex.renderToString gives it).
// A formula KaTeX cannot read is written in KaTeX's error colour, with its
// source, rather than failing (throwOnError: false), as the browser did.

import { createInterface } from "node:readline";
import katex from "katex";

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const formulas = JSON.parse(line);
  const out = formulas.map(([tex, display]) =>
    katex.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      strict: "ignore",
      output: "htmlAndMathml",
    }),
  );
  process.stdout.write(JSON.stringify(out) + "\n");
}
