import type { ReactNode } from "react";

/**
 * Just enough Markdown for our API descriptions: paragraphs, `## ` headings, `- ` lists, tables,
 * fenced code blocks without blank lines, `code`, **bold**, and links to this site's own pages
 * (`[API tokens](/tokens)`; other targets stay text).
 */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([/#][^)\s]*\))/g).map((part, i) => {
    if (part.startsWith("`") && part.endsWith("`")) return <code key={i}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([/#][^)\s]*)\)$/.exec(part);
    if (link)
      return (
        <a key={i} href={link[2]}>
          {link[1]}
        </a>
      );
    if (part.startsWith("**") && part.endsWith("**")) return <strong key={i}>{part.slice(2, -2)}</strong>;
    return part;
  });
}

/** The anchor of a heading: `Migrating from v1 to v2` → `migrating-from-v1-to-v2`. */
export const headingId = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * A block's lines: leading paragraph text, then `- ` items (an indented line continues the
 * item before it).
 */
function paragraphAndList(lines: string[]): { text: string; items: string[] } {
  const first = lines.findIndex((l) => l.startsWith("- "));
  const head = first < 0 ? lines : lines.slice(0, first);
  const items: string[] = [];
  for (const line of first < 0 ? [] : lines.slice(first)) {
    if (line.startsWith("- ")) items.push(line.slice(2).trim());
    else items[items.length - 1] += ` ${line.trim()}`;
  }
  return { text: head.map((l) => l.trim()).join(" "), items };
}

function Block({ block }: { block: string }) {
  const lines = block.replace(/^\n+|\s+$/g, "").split("\n");
  if (lines[0]?.startsWith("```") && lines.length > 1 && lines.at(-1)!.trim() === "```") {
    return (
      // Focusable: a block wider than the screen scrolls, and keyboard users must reach it too.
      <pre tabIndex={0}>
        <code>{lines.slice(1, -1).join("\n")}</code>
      </pre>
    );
  }
  if (lines.every((l) => l.trim().startsWith("|"))) {
    const rows = lines
      .filter((l) => !/^\|\s*-/.test(l.trim()))
      .map((l) =>
        l
          .trim()
          .replace(/^\||\|$/g, "")
          .split("|")
          .map((c) => c.trim()),
      );
    const [head, ...body] = rows;
    return (
      // A wide table scrolls in its own box on a narrow screen.
      <div className="table-scroll" tabIndex={0}>
        <table className="md-table">
          <thead>
            <tr>
              {head?.map((c, j) => (
                <th key={j}>{inline(c)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.map((r, j) => (
              <tr key={j}>
                {r.map((c, k) => (
                  <td key={k}>{inline(c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const heading = /^#{2,3} (.+)$/.exec(lines[0]?.trim() ?? "");
  if (heading) {
    const title = heading[1]!;
    return (
      <>
        <h2 id={headingId(title)} className="md-heading">
          {title}
        </h2>
        {lines.length > 1 && <Block block={lines.slice(1).join("\n")} />}
      </>
    );
  }
  const { text, items } = paragraphAndList(lines);
  return (
    <>
      {text && <p>{inline(text)}</p>}
      {items.length > 0 && (
        <ul>
          {items.map((item, j) => (
            <li key={j}>{inline(item)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export function Markdown({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </>
  );
}
