import type { FormPreview } from "@/server/services/forms/v1-preview";

export const PREVIEW_SIZE = { width: 1200, height: 630 };

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The preview image's layout (rendered by next/og: flexbox only, inline styles). */
export function PreviewCard({ preview }: { preview: FormPreview }) {
  // A name that wraps to a second line leaves room for three field rows instead of five.
  const long = preview.name.length > 34;
  const labels = preview.labels.slice(0, long ? 3 : 5);
  const more = preview.moreFields + preview.labels.length - labels.length;
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        background: "#f4f5f7",
        padding: 56,
        fontSize: 32,
        color: "#1f2933",
      }}
    >
      <div style={{ display: "flex", flexShrink: 0, fontSize: 26, color: "#52606d", marginBottom: 12 }}>Formhouse</div>
      <div style={{ display: "flex", flexShrink: 0, fontSize: long ? 46 : 52, lineHeight: 1.25, marginBottom: 28 }}>
        {clip(preview.name, 60)}
      </div>
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          background: "#ffffff",
          borderRadius: 16,
          padding: "28px 40px",
          flexGrow: 1,
          overflow: "hidden",
        }}
      >
        {labels.length === 0 ? (
          <div style={{ display: "flex", color: "#7b8794" }}>No fields yet</div>
        ) : (
          labels.map((label, i) => (
            <div key={i} style={{ display: "flex", flexDirection: "column", marginBottom: 14 }}>
              <div style={{ display: "flex", fontSize: 24, color: "#323f4b", marginBottom: 6 }}>{clip(label, 70)}</div>
              <div style={{ display: "flex", height: 8, width: 520, borderRadius: 4, background: "#e4e7eb" }} />
            </div>
          ))
        )}
        {more > 0 && (
          <div style={{ display: "flex", fontSize: 24, color: "#7b8794" }}>{`+ ${more} more field${more === 1 ? "" : "s"}`}</div>
        )}
      </div>
    </div>
  );
}
