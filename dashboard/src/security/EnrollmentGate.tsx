import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { onApiError } from "../api/http.ts";

/** Where a member sets up a second factor: Settings, its security part. */
export const SECURITY_PATH = "/settings";
export const SECURITY_ANCHOR = "security";

interface Gate {
  /** An organization refused the member for having no second factor, and none was set up since. */
  required: boolean;
  /** The member set one up: the banner goes. */
  satisfied(): void;
}

const GateContext = createContext<Gate | null>(null);

/** The gate's state; null outside the signed-in app (a screen rendered on its own). */
export function useEnrollmentGate(): Gate | null {
  return useContext(GateContext);
}

/**
 * An organization that requires two-factor authentication refuses a member without it on every
 * call (403 `two_factor_enrollment_required`), whichever screen made it. Whatever the screen, the
 * member is sent to Settings → Security, where their own account's calls still work, and told why.
 * The same code with `param` is the refusal of turning the requirement on without a second factor
 * of one's own: the screen that asked shows it.
 */
export function EnrollmentGateProvider({ children }: { children: ReactNode }) {
  const [required, setRequired] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;

  useEffect(
    () =>
      onApiError((err) => {
        if (err.code !== "two_factor_enrollment_required" || err.param) return;
        setRequired(true);
        if (where.current !== SECURITY_PATH) navigate(`${SECURITY_PATH}#${SECURITY_ANCHOR}`);
      }),
    [navigate],
  );

  const satisfied = useCallback(() => setRequired(false), []);
  const value = useMemo(() => ({ required, satisfied }), [required, satisfied]);
  return <GateContext.Provider value={value}>{children}</GateContext.Provider>;
}
