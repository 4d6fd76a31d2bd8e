import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router-dom";
import { fieldErrorOf } from "../api/field-errors.ts";
import { errorCode } from "../api/http.ts";
import { updateOrganization } from "../api/tenancy.ts";
import type { Organization } from "../api/types.ts";
import { merchantKeys, type Tenancy } from "../state/merchant-queries.ts";
import { useSession } from "../state/session.tsx";
import { useCan } from "../tenancy/role.tsx";
import { SECURITY_ANCHOR, SECURITY_PATH } from "./EnrollmentGate.tsx";
import { REQUIRE_TWO_FACTOR } from "./messages.ts";

/**
 * The organization's rule for its members: with "Require two-factor authentication" on, a member
 * without a second factor is turned away from the organization until they set one up. Owners and
 * admins change it; whoever turns it on must have a second factor themselves (the server refuses
 * otherwise, and the switch says where to set one up). Everyone sees the rule.
 */
export function RequireTwoFactorSetting({ organization }: { organization: Organization }) {
  const { token } = useSession();
  const client = useQueryClient();
  const edits = useCan("settings.write");
  const hintId = useId();
  const save = useMutation({
    mutationFn: (on: boolean) => {
      if (!token) throw new Error("not signed in");
      return updateOrganization(token, organization.id, { require_two_factor: on });
    },
    onSuccess: (saved) => {
      client.setQueryData<Tenancy>(merchantKeys.tenancy(), (t) =>
        t
          ? {
              ...t,
              organizations: t.organizations.map((o) =>
                o.id === saved.id ? { ...o, require_two_factor: saved.require_two_factor } : o,
              ),
            }
          : t,
      );
    },
  });
  const on = organization.require_two_factor === true;
  const needsOwn = errorCode(save.error) === "two_factor_enrollment_required";

  return (
    <section className="card" aria-labelledby="require-2fa-title">
      <h2 id="require-2fa-title">{REQUIRE_TWO_FACTOR.title}</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          aria-describedby={hintId}
          checked={on}
          disabled={!edits}
          // Not disabled while saving (the keyboard's focus stays); a flip meanwhile is ignored.
          aria-busy={save.isPending || undefined}
          onChange={(e) => {
            if (!save.isPending) save.mutate(e.target.checked);
          }}
        />
        {REQUIRE_TWO_FACTOR.label}
      </label>
      <p id={hintId} className="muted">
        {REQUIRE_TWO_FACTOR.hint}
      </p>
      <p role="status" data-testid="require-2fa-state">
        {on ? REQUIRE_TWO_FACTOR.on : REQUIRE_TWO_FACTOR.off}
      </p>
      {save.error ? (
        <div role="alert" className="error-box">
          <span>
            {needsOwn
              ? REQUIRE_TWO_FACTOR.needsYours
              : REQUIRE_TWO_FACTOR.failed(fieldErrorOf(save.error).message)}
          </span>
          {needsOwn ? (
            <Link className="button button-small" to={`${SECURITY_PATH}#${SECURITY_ANCHOR}`}>
              {REQUIRE_TWO_FACTOR.setUp}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
