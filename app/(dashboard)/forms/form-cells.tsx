import Link from "next/link";
import { numberFormat } from "../_components/format";
import { formPath } from "./form-paths";
import { StatusBadge } from "./status-badge";

/** The cells every list of forms begins with (the list and the trash): name with UUID, status, submissions. */
export function FormLeadCells({ form }: { form: { uuid: string; name: string; published: boolean; submissionsCount: number } }) {
  return (
    <>
      <td className="forms-cell-name">
        <Link href={formPath(form.uuid)} className="form-name">
          {form.name}
        </Link>
        <code className="form-uuid" title="Form UUID">
          {form.uuid}
        </code>
      </td>
      <td data-label="Status">
        <StatusBadge published={form.published} />
      </td>
      <td className="num" data-label="Submissions">
        {numberFormat.format(form.submissionsCount)}
      </td>
    </>
  );
}
