import { Navigate } from "react-router-dom";
import { isSetupComplete } from "../onboarding/progress.ts";
import { useMerchant } from "../state/merchant.tsx";
import { useRole } from "../tenancy/role.tsx";
import { roleAllows } from "../tenancy/role-rules.ts";
import { ErrorNotice, Loading } from "../ui/Status.tsx";

/**
 * The placeholder home: /dashboard if setup is complete, else /getting-started — decided once the
 * merchant's state was rebuilt from the server for this session (`loading` stays true until then,
 * right after sign-in included: state/merchant.tsx). A member whose role cannot set the
 * organization up (a developer, support) goes to /dashboard: Get Started would offer them nothing.
 */
export function SignedInHome() {
  const { state, loading, error, refresh } = useMerchant();
  const role = useRole();
  if (loading) return <Loading />;
  if (error) return <ErrorNotice message={error} onRetry={() => void refresh()} />;
  const setsUp = role === null || roleAllows(role, "settings.write");
  return <Navigate to={isSetupComplete(state) || !setsUp ? "/dashboard" : "/getting-started"} replace />;
}
