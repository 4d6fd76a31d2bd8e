import { Navigate } from "react-router-dom";
import { isSetupComplete } from "../onboarding/progress.ts";
import { useMerchant } from "../state/merchant.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";

/**
 * The placeholder home: /dashboard if setup is complete, else /getting-started — decided once the
 * merchant's state was rebuilt from the server for this session (`loading` stays true until then,
 * right after sign-in included: state/merchant.tsx).
 */
export function SignedInHome() {
  const { state, loading, error, refresh } = useMerchant();
  if (loading) return <Loading />;
  if (error) return <ErrorNotice message={error} onRetry={() => void refresh()} />;
  return <Navigate to={isSetupComplete(state) ? "/dashboard" : "/getting-started"} replace />;
}
