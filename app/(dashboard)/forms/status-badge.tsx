/** Published or Draft, as every form list and page shows it. */
export function StatusBadge({ published }: { published: boolean }) {
  return published ? <span className="badge badge-success">Published</span> : <span className="badge badge-neutral">Draft</span>;
}
