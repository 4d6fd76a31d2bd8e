import { useEffect, useState } from "react";
import { Navigate } from "react-router-dom";
import { isSetupComplete } from "../onboarding/progress.ts";
import { useMerchant } from "../state/merchant.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";

/**
 * The placeholder home: /dashboard if setup is complete, else /getting-started — decided from the
 * server's answer for this visit. Right after sign-in this page renders before the merchant's
 * first load has even begun (the state is still the signed-out one and not marked loading), so it
 * loads the merchant itself and decides only once that load is done.
 */
export function SignedInHome() {
  const { state, loading, error, refresh } = useMerchant();
  const [checked, setChecked] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one fresh load per visit of /
  useEffect(() => {
    let live = true;
    void refresh().then(() => {
      if (live) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!checked || loading) return <Loading />;
  if (error) return <ErrorNotice message={error} onRetry={() => void refresh()} />;
  return <Navigate to={isSetupComplete(state) ? "/dashboard" : "/getting-started"} replace />;
}
