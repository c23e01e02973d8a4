"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";

const numberFormat = new Intl.NumberFormat("en-US");

/**
 * A multi-page form's drop-off: how many respondents reached each page and how many finished
 * (from their partial responses), and the latest unfinished ones to open. Shown only for a
 * form with pages that has respondents.
 */
export function FormFunnelSection({ formUuid }: { formUuid: string }) {
  const trpc = useTRPC();
  const funnel = useQuery(trpc.forms.funnel.queryOptions({ formUuid }));
  const data = funnel.data;
  if (!data || data.pages.length < 2) return null;
  return (
    <section className="card form-section" aria-labelledby="form-funnel-title">
      <h2 id="form-funnel-title">Drop-off</h2>
      {data.started === 0 ? (
        <p className="hint">Nobody has completed a page yet.</p>
      ) : (
        <table className="form-funnel">
          <caption className="visually-hidden">Respondents who reached each page</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Reached</th>
            </tr>
          </thead>
          <tbody>
            {data.pages.map((p) => (
              <tr key={p.index}>
                <th scope="row">
                  {p.index + 1}. {p.title || (p.index === 0 ? "First page" : "Untitled page")}
                </th>
                <td>{numberFormat.format(p.reached)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Finished</th>
              <td>{numberFormat.format(data.finished)}</td>
            </tr>
          </tbody>
        </table>
      )}
      {data.partials.length ? (
        <>
          <h3>Unfinished responses</h3>
          <ul className="form-partials">
            {data.partials.map((p) => (
              <li key={p.id}>
                <details>
                  <summary>
                    Stopped on page {p.page + 1}, last saved{" "}
                    <time dateTime={p.updatedAt}>{new Date(p.updatedAt).toLocaleString("en-US")}</time>
                  </summary>
                  <dl>
                    {p.answers.map((a) => (
                      <div key={a.label}>
                        <dt>{a.label}</dt>
                        <dd>{a.value}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
