import { Navigate } from "react-router-dom";
import { isSetupComplete } from "../onboarding/progress.ts";
import { useMerchant } from "../state/merchant.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";

/** The placeholder home: once the merchant is loaded, /dashboard if setup is complete, else /getting-started. */
export function SignedInHome() {
  const { state, loading, error, refresh } = useMerchant();
  if (loading) return <Loading />;
  if (error) return <ErrorNotice message={error} onRetry={() => void refresh()} />;
  return <Navigate to={isSetupComplete(state) ? "/dashboard" : "/getting-started"} replace />;
}
