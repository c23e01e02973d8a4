import { permissionMatrix, ROLE_LABELS, ROLES } from "@/lib/permissions";

/** What each role may do, drawn from the one table the server checks (lib/permissions.ts). */
export function PermissionMatrix() {
  const rows = permissionMatrix();
  return (
    <section className="integrate-section" aria-labelledby="roles-title">
      <header>
        <div>
          <h2 id="roles-title">What each role can do</h2>
          <p className="muted">
            The server checks every request against this table. An editor or viewer can also be limited to chosen forms; they then see and
            change only those.
          </p>
        </div>
      </header>
      <div className="card table-scroll" role="region" aria-labelledby="roles-title" tabIndex={0}>
        <table className="permission-matrix" data-testid="permission-matrix">
          <caption className="visually-hidden">Permissions by role</caption>
          <thead>
            <tr>
              <th scope="col">Can…</th>
              {ROLES.map((r) => (
                <th scope="col" key={r}>
                  {ROLE_LABELS[r]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.permission} data-permission={row.permission}>
                <th scope="row">{row.does.charAt(0).toUpperCase() + row.does.slice(1)}</th>
                {ROLES.map((r) => (
                  <td key={r} data-role={r}>
                    {row.allowed[r] ? (
                      <span className="matrix-yes">
                        <span aria-hidden="true">✓</span>
                        <span className="visually-hidden">Yes</span>
                      </span>
                    ) : (
                      <span className="matrix-no">
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">No</span>
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
