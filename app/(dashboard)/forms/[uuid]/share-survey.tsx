"use client";

import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { CopyButton } from "../../_components/copy-button";

type Qr = { svg: string; png: string };

/** A file name from the form's name: `customer-survey-qr`. */
const fileStem = (name: string) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "form"
  }-qr`;

/** The survey link in full, with Copy and Open, and its QR code as SVG with PNG and SVG downloads. */
export function ShareSurvey({ url, name }: { url: string; name: string }) {
  const [qr, setQr] = useState<{ url: string; code: Qr } | null>(null);

  useEffect(() => {
    let live = true;
    const options = { errorCorrectionLevel: "M", margin: 2 } as const;
    Promise.all([QRCode.toString(url, { ...options, type: "svg" }), QRCode.toDataURL(url, { ...options, width: 512 })]).then(
      ([svg, png]) => live && setQr({ url, code: { svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, png } }),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const code = qr?.url === url ? qr.code : null;
  const stem = fileStem(name);
  return (
    <>
      <div className="share-url">
        <code data-testid="survey-url">{url}</code>
        <CopyButton text={url} what="survey link" />
        <a href={url} target="_blank" rel="noreferrer" className="button button-small">
          Open<span className="visually-hidden"> the survey in a new tab</span>
        </a>
      </div>
      <div className="share-qr">
        {code ? (
          // A data URL of our own SVG: next/image adds nothing here.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={code.svg} alt={`QR code of the survey link ${url}`} width={144} height={144} />
        ) : (
          <span className="skeleton share-qr-pending" aria-hidden="true" />
        )}
        {code && (
          <div className="share-qr-actions">
            <a href={code.svg} download={`${stem}.svg`} className="button button-small">
              Download SVG<span className="visually-hidden"> of the QR code</span>
            </a>
            <a href={code.png} download={`${stem}.png`} className="button button-small">
              Download PNG<span className="visually-hidden"> of the QR code</span>
            </a>
          </div>
        )}
      </div>
    </>
  );
}
