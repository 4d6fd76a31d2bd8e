import { Link, Navigate, Outlet, Route, Routes, useLocation } from "react-router-dom";
import { CustomersPage } from "./customers/CustomersPage.tsx";
import { DashboardPage } from "./home/DashboardPage.tsx";
import { SignedInHome } from "./home/SignedInHome.tsx";
import { IntegrationsPage } from "./integrations/IntegrationsPage.tsx";
import { LandingPage } from "./landing/LandingPage.tsx";
import { AppLayout } from "./layout/AppLayout.tsx";
import { MailPage } from "./mail/MailPage.tsx";
import { COMMON } from "./messages.ts";
import { GetStartedPage } from "./onboarding/GetStartedPage.tsx";
import { PaymentsPage } from "./payments/PaymentsPage.tsx";
import { ProductsPage } from "./products/ProductsPage.tsx";
import { EnrollmentGateProvider } from "./security/EnrollmentGate.tsx";
import { SettingsPage } from "./settings/SettingsPage.tsx";
import { useLiveWorkspaceEvents } from "./state/live-updates.ts";
import { MerchantProvider } from "./state/merchant.tsx";
import { SessionProvider, useSession } from "./state/session.tsx";
import { InvitePage } from "./team/InvitePage.tsx";
import { TeamPage } from "./team/TeamPage.tsx";
import { EnvironmentsProvider } from "./tenancy/environments.tsx";
import { Loading } from "./ui/Status.tsx";

/** Signed out: the landing page at /, and every signed-in route sends back to / (/invite is its own route). */
function MainArea() {
  const { status } = useSession();
  if (status === "validating") return <Loading />;
  if (status === "signed_out") return <SignedOutRoute />;
  return (
    <EnvironmentsProvider>
      <EnrollmentGateProvider>
        <LiveUpdates />
        <AppLayout />
      </EnrollmentGateProvider>
    </EnvironmentsProvider>
  );
}

/** The workspace's event stream into the server-state cache while signed in. */
function LiveUpdates() {
  useLiveWorkspaceEvents();
  return null;
}

function SignedOutRoute() {
  const { pathname } = useLocation();
  return pathname === "/" ? <LandingPage /> : <Navigate to="/" replace />;
}

function SignedInOnly() {
  return <Outlet />;
}

function NotFound() {
  return (
    <div className="page">
      <h1>{COMMON.notFound}</h1>
      <Link to="/">{COMMON.backHome}</Link>
    </div>
  );
}

/**
 * SPEC.md §2's route table: / with its children, and /invite beside it. The invitation page is the
 * same page signed out and signed in (outside the signed-in frame), so signing in on it keeps it,
 * and the invitation it read, on screen.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/invite" element={<InvitePage />} />
      <Route path="/" element={<MainArea />}>
        <Route element={<SignedInOnly />}>
          <Route index element={<SignedInHome />} />
          <Route path="getting-started" element={<GetStartedPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="mail" element={<MailPage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="integrations" element={<IntegrationsPage />} />
          <Route path="team" element={<TeamPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}

/** The merchant app and landing page: everything but the public checkout pages (its own chunk). */
export function MerchantApp() {
  return (
    <SessionProvider>
      <MerchantProvider>
        <AppRoutes />
      </MerchantProvider>
    </SessionProvider>
  );
}
