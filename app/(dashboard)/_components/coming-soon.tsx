import type { ReactNode } from "react";
import { PageHeader } from "./page-header";

/** A page that is planned but not built yet: says what it will hold, and what works today. */
export function ComingSoon({ title, description, points, meanwhile }: {
  title: string;
  description: ReactNode;
  points: ReactNode[];
  meanwhile?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <section className="card coming-soon" aria-labelledby="coming-soon-title">
        <span className="badge badge-neutral">Coming soon</span>
        <h2 id="coming-soon-title">What this page will do</h2>
        <ul className="checklist">
          {points.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
        {meanwhile && <p className="muted">{meanwhile}</p>}
      </section>
    </>
  );
}
