import { formatUsd, type Product, SPayClient } from "@spay/sdk";
import { Checkout } from "@spay/sdk/react";
import { type ReactNode, useMemo, useState } from "react";
import { errorMessage } from "../api/http.ts";
import { DASHBOARD_ERRORS } from "../messages.ts";
import { firstActiveKey, useMerchant } from "../state/merchant.tsx";
import { useTheme } from "../state/theme.tsx";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { PRODUCTS } from "./messages.ts";
import { ProductEditorModal } from "./ProductEditorModal.tsx";
import { publicBaseUrl } from "./public-url.ts";
import { useProducts } from "./useProducts.ts";

/**
 * SPEC.md §2 "Products": the catalog grid, Add (desktop and floating mobile), edit, delete, test
 * payment. A role without catalogue writes (support) sees the catalogue only.
 */
export function ProductsPage() {
  const auth = useWorkspaceAuth();
  const { state } = useMerchant();
  const { theme } = useTheme();
  const { products, error, reload: load, remove: removeProduct, saved: onSaved } = useProducts(auth);
  const [actionError, setActionError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Product | "new" | null>(null);
  const [paying, setPaying] = useState<Product | null>(null);
  const edits = useCan("catalogue.write");
  const pays = useCan("payments.write");
  const publishable = state.apiKeys.find(
    (k) => k.type === "pk" && k.is_active && k.state === "enabled" && k.key,
  )?.key;
  const client = useMemo(
    () => (publishable ? new SPayClient({ apiKey: publishable, apiUrl: publicBaseUrl() }) : null),
    [publishable],
  );
  const ready = Boolean(auth && firstActiveKey(state.apiKeys) && client);

  if (!auth)
    return (
      <div className="page">
        <h1>{PRODUCTS.title}</h1>
        <ErrorNotice message={DASHBOARD_ERRORS.noWorkspace} />
      </div>
    );

  const remove = async (product: Product) => {
    if (!window.confirm(PRODUCTS.confirmDelete)) return;
    setActionError(null);
    try {
      await removeProduct(product);
    } catch (err) {
      setActionError(PRODUCTS.deleteFailed(errorMessage(err)));
    }
  };

  return (
    <div className="page">
      <div className="row row-between">
        <h1>{PRODUCTS.title}</h1>
        {edits ? (
          <button
            type="button"
            className="button button-primary desktop-only"
            onClick={() => setEditing("new")}
          >
            {PRODUCTS.add}
          </button>
        ) : null}
      </div>
      <p className="muted">{PRODUCTS.lead}</p>
      <RoleNote permission="catalogue.write" />
      {error ? <ErrorNotice message={error} onRetry={() => void load()} /> : null}
      <p role="alert" className="error-text">
        {actionError}
      </p>
      {!products && !error ? <Loading /> : null}
      {products && products.length === 0 ? (
        <div className="empty card">
          <p>{PRODUCTS.empty}</p>
          <p className="muted">{PRODUCTS.emptyLead}</p>
          {edits ? (
            <button type="button" className="button button-primary" onClick={() => setEditing("new")}>
              {PRODUCTS.addFirst}
            </button>
          ) : null}
        </div>
      ) : null}
      {products && products.length > 0 ? (
        <ul className="card-grid product-grid" aria-label={PRODUCTS.title}>
          {products.map((p) => (
            <li key={p.id} className="card product-card" data-testid={`product-${p.id}`}>
              <ProductOpen edits={edits} onOpen={() => setEditing(p)}>
                {p.image ? (
                  // Decorative: the card's heading names the product.
                  <img
                    className="product-thumb"
                    src={p.image.variants[0]?.url ?? p.image.url}
                    srcSet={p.image.srcset}
                    sizes="(max-width: 760px) 100vw, 320px"
                    alt=""
                    loading="lazy"
                    decoding="async"
                    data-testid="product-thumb"
                  />
                ) : null}
                <h2 className="line-clamp" title={p.name}>
                  {edits ? <span className="visually-hidden">{PRODUCTS.edit} </span> : null}
                  {p.name}
                </h2>
                {p.description ? (
                  <p className="muted line-clamp" title={p.description}>
                    {p.description}
                  </p>
                ) : null}
                <p>
                  <strong>{formatUsd(p.price_minor)}</strong>{" "}
                  <span className="muted">{p.currency.toUpperCase()}</span>
                </p>
                <p className="muted">{PRODUCTS.inStock(p.stock)}</p>
              </ProductOpen>
              <div className="row">
                {p.payment_link ? (
                  <span className={p.payment_link.active ? "badge badge-success" : "badge badge-danger"}>
                    {p.payment_link.active ? PRODUCTS.linkActiveBadge : PRODUCTS.linkInactiveBadge}
                  </span>
                ) : null}
              </div>
              <div className="row">
                {pays ? (
                  <button
                    type="button"
                    className="button button-small"
                    disabled={!ready}
                    onClick={() => setPaying(p)}
                  >
                    {ready ? PRODUCTS.createTestPayment : PRODUCTS.setupRequired}
                  </button>
                ) : null}
                {edits ? (
                  <button
                    type="button"
                    className="button button-small button-danger"
                    aria-label={PRODUCTS.deleteLabel(p.name)}
                    onClick={() => void remove(p)}
                  >
                    {PRODUCTS.delete}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {edits ? (
        <button
          type="button"
          className="fab mobile-only"
          aria-label={PRODUCTS.add}
          onClick={() => setEditing("new")}
        >
          +
        </button>
      ) : null}
      {editing ? (
        <ProductEditorModal
          auth={auth}
          product={editing === "new" ? null : editing}
          merchantName={state.businessName}
          publishableKey={publishable ?? ""}
          onSaved={onSaved}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {paying && client ? (
        <Checkout
          client={client}
          params={{
            amount_minor: paying.price_minor,
            currency: "usd",
            product_id: paying.id,
            metadata: { product_id: paying.id, product_name: paying.name },
          }}
          method="qr"
          theme={theme}
          onError={(err) => setActionError(PRODUCTS.intentFailed(err.message))}
          onClose={() => setPaying(null)}
        />
      ) : null}
    </div>
  );
}

/** A product card's body: the button opening the editor, or the same content to read only. */
function ProductOpen({ edits, onOpen, children }: { edits: boolean; onOpen(): void; children: ReactNode }) {
  if (!edits) return <div className="product-open">{children}</div>;
  return (
    <button type="button" className="product-open" onClick={onOpen}>
      {children}
    </button>
  );
}
