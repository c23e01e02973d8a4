import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { db } from "@/db";
import { unsubscribePath } from "@/lib/app-paths";
import { findUnsubscribeView } from "@/server/mail/stop-notifications";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Unsubscribe" };

/**
 * What an unsubscribe link shows (its route renders this page in process): the question with
 * a button that posts to the link, or, once the member gets no mail about the form, that it
 * has stopped. A plain form: works without JavaScript.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await findUnsubscribeView(db(), token);
  if (!view) notFound();
  const form = view.formName ?? "this form";
  if (!view.mode)
    return (
      <div className="auth-card">
        <h1>Unsubscribed</h1>
        <p className="auth-lead">
          You get no more emails about new responses to <strong>{form}</strong>.
        </p>
        <p className="hint">To get them again, choose so under Notifications on the form&apos;s page in Formhouse.</p>
      </div>
    );
  return (
    <div className="auth-card">
      <h1>{`Stop emails about ${form}?`}</h1>
      <p className="auth-lead">
        {view.mode === "each"
          ? "You get an email about each new response to this form."
          : "You get a daily email counting the new responses to this form."}
      </p>
      <form method="post" action={unsubscribePath(encodeURIComponent(token))}>
        <button type="submit" className="button button-primary button-block">
          Unsubscribe
        </button>
      </form>
      <p className="auth-switch">Changed your mind? Close this page: nothing changes until you press Unsubscribe.</p>
    </div>
  );
}
