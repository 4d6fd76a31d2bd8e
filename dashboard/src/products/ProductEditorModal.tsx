import type { Product } from "@spay/sdk";
import { useId, useState } from "react";
import { fieldErrorOf } from "../api/field-errors.ts";
import { createProduct, updateProduct } from "../api/products.ts";
import type { WorkspaceAuth } from "../api/types.ts";
import { FormActions } from "../ui/FormActions.tsx";
import { Modal } from "../ui/Modal.tsx";
import { IntegrationCodePanel } from "./IntegrationCodePanel.tsx";
import { PRODUCTS } from "./messages.ts";
import { ProductImagePicker } from "./ProductImagePicker.tsx";
import { ProductPreview } from "./ProductPreview.tsx";
import {
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  type ProductFormErrors,
  type ProductFormValues,
  previewLink,
  priceToCents,
  productInput,
  validateProductForm,
} from "./product-form.ts";
import { paymentLinkUrl } from "./public-url.ts";

/** SPEC.md §2: the full-screen Add/Edit Product modal — form, live preview, integration code. */
export function ProductEditorModal({
  auth,
  product,
  merchantName,
  publishableKey,
  onSaved,
  onClose,
}: {
  auth: WorkspaceAuth;
  product: Product | null;
  merchantName: string;
  publishableKey: string;
  onSaved(product: Product): void;
  onClose(): void;
}) {
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? formFromProduct(product) : EMPTY_PRODUCT_FORM,
  );
  const [saved, setSaved] = useState<Product | null>(product);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The last save's confirmation; an edit after it clears it (the form holds unsaved changes again). */
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const id = useId();
  // Editing a field clears its error (a price error also when the link is switched off).
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setConfirmed(null);
    const clears = key === "linkActive" ? "price" : key;
    setErrors((e) => (clears in e ? { ...e, [clears]: undefined } : e));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateProductForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    setConfirmed(null);
    try {
      const input = productInput(values);
      const result = saved ? await updateProduct(auth, saved.id, input) : await createProduct(auth, input);
      setConfirmed(saved ? PRODUCTS.savedChanges : PRODUCTS.created);
      setSaved(result);
      onSaved(result);
    } catch (err) {
      // A refused field (price_minor, name, stock) shows its reason beside that field.
      const { param, message } = fieldErrorOf(err);
      const field = param === "price_minor" ? "price" : param === "name" || param === "stock" ? param : null;
      if (field) setErrors({ [field]: message });
      else setFailure(PRODUCTS.saveFailed(message));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: "name" | "price" | "stock") => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: "name" | "price" | "stock") =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="error-text">
        {errors[name]}
      </span>
    ) : null;
  const cents = priceToCents(values.price);

  return (
    <Modal title={saved ? PRODUCTS.editTitle : PRODUCTS.addTitle} onClose={onClose} fullScreen>
      <div className="editor-grid">
        <form className="stack" onSubmit={submit} noValidate aria-label={PRODUCTS.editTitle}>
          <div className="field">
            <label htmlFor={`${id}-name`}>{PRODUCTS.name}</label>
            <input
              {...field("name")}
              required
              value={values.name}
              onChange={(e) => set("name", e.target.value)}
            />
            {fieldError("name")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>{PRODUCTS.description}</label>
            <textarea
              id={`${id}-description`}
              rows={3}
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
            />
          </div>
          <ProductImagePicker
            auth={auth}
            product={saved}
            onChange={(result) => {
              setSaved(result);
              onSaved(result);
            }}
          />
          <div className="form-grid">
            <div className="field">
              <label htmlFor={`${id}-price`}>{PRODUCTS.price}</label>
              <input
                {...field("price")}
                type="number"
                step="0.01"
                min="0"
                required
                inputMode="decimal"
                value={values.price}
                onChange={(e) => set("price", e.target.value)}
              />
              {fieldError("price")}
            </div>
            <div className="field">
              <label htmlFor={`${id}-currency`}>{PRODUCTS.currency}</label>
              <select id={`${id}-currency`} value="usd" disabled>
                <option value="usd">USD</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-stock`}>{PRODUCTS.stock}</label>
              <input
                {...field("stock")}
                type="number"
                step="1"
                min="0"
                required
                value={values.stock}
                onChange={(e) => set("stock", e.target.value)}
              />
              {fieldError("stock")}
            </div>
            <div className="field">
              <label htmlFor={`${id}-view`}>{PRODUCTS.viewType}</label>
              <select
                id={`${id}-view`}
                value={values.viewType}
                onChange={(e) => set("viewType", e.target.value === "button" ? "button" : "card")}
              >
                <option value="card">{PRODUCTS.viewCard}</option>
                <option value="button">{PRODUCTS.viewButton}</option>
              </select>
            </div>
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.requireEmail}
              onChange={(e) => set("requireEmail", e.target.checked)}
            />
            {PRODUCTS.requireEmail}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.requireShipping}
              onChange={(e) => set("requireShipping", e.target.checked)}
            />
            {PRODUCTS.requireShipping}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              role="switch"
              aria-checked={values.linkActive}
              checked={values.linkActive}
              onChange={(e) => set("linkActive", e.target.checked)}
            />
            {PRODUCTS.linkActive}
          </label>
          <p className="muted">{PRODUCTS.linkActiveHint}</p>
          {saved?.payment_link ? (
            <p>
              <a
                href={paymentLinkUrl(saved.payment_link.id)}
                target="_blank"
                rel="noreferrer"
                data-testid="payment-link-url"
              >
                {PRODUCTS.openLink}
              </a>
            </p>
          ) : null}
          {/* It stays open on purpose (its link and code are beside it), so the save is confirmed here. */}
          <p role="status" className={confirmed ? "notice" : "visually-hidden"} data-testid="product-saved">
            {confirmed ?? ""}
          </p>
          <FormActions
            error={failure}
            busy={busy}
            submit={PRODUCTS.save}
            busyText={PRODUCTS.saving}
            cancel={PRODUCTS.cancel}
            onCancel={onClose}
          />
        </form>
        <div className="stack">
          <ProductPreview link={previewLink(values, merchantName, saved)} />
          <IntegrationCodePanel
            publishableKey={publishableKey}
            productId={saved?.id ?? null}
            productName={values.name}
            linkId={saved?.payment_link?.id ?? null}
            amountMinor={Number.isNaN(cents) || cents < 1 ? 100 : cents}
            view={values.viewType}
          />
        </div>
      </div>
    </Modal>
  );
}
