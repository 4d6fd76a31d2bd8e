import { useId, useState } from "react";
import { fieldErrorOf } from "../api/field-errors.ts";
import type { BusinessProfile } from "../api/types.ts";
import { useMerchant } from "../state/merchant.tsx";
import type { MerchantState } from "../state/merchant-state.ts";
import { useWorkspaceAuth } from "../state/workspace-auth.ts";
import { RoleNote, useCan } from "../tenancy/role.tsx";
import { CharacterCounter } from "./CharacterCounter.tsx";
import { ONBOARDING } from "./messages.ts";
import { useSaveBusinessProfile } from "./onboarding-mutations.ts";

export type BusinessField = "businessName" | "websiteUrl" | "businessDescription";
type Field = BusinessField;
const PROFILE_FIELD: Record<Field, keyof BusinessProfile> = {
  businessName: "display_name",
  websiteUrl: "website",
  businessDescription: "description",
};

/** The server's limits (server/src/routes/workspaces.ts BusinessProfileBody), shown before they are hit. */
export const BUSINESS_PROFILE_LIMITS: Record<Field, number> = {
  businessName: 100,
  websiteUrl: 500,
  businessDescription: 1000,
};

/**
 * Saves one business profile field on the server (skipped, with a warning, without a workspace).
 * Resolves to null when saved, else the server's reason in plain words; the typed text is kept.
 */
export function useBusinessProfileSave() {
  const { update } = useMerchant();
  const auth = useWorkspaceAuth();
  const save = useSaveBusinessProfile(auth);
  return async (field: Field, value: string): Promise<string | null> => {
    if (!auth) {
      console.warn("business profile not saved: no current workspace");
      return null;
    }
    try {
      const ws = await save.mutateAsync({ [PROFILE_FIELD[field]]: value.trim() });
      update({ [field]: ws.business_profile[PROFILE_FIELD[field]] ?? "" } as Partial<MerchantState>);
      return null;
    } catch (err) {
      return fieldErrorOf(err).message;
    }
  };
}

/**
 * Step 3: business name (required), website URL and description, each saved on blur; locked until
 * the wallet is verified. A refused value stays in its field with the server's reason beside it;
 * the reason goes once the field is edited, and the limits show as counters.
 */
export function BusinessInfoStep() {
  const { state, update } = useMerchant();
  const save = useBusinessProfileSave();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState<Field | null>(null);
  const ids = { businessName: useId(), websiteUrl: useId(), businessDescription: useId() };
  const edits = useCan("settings.write");
  const locked = !state.walletVerified || !edits;

  const onBlur = async (field: Field) => {
    const error = await save(field, state[field]);
    setErrors((e) => ({ ...e, [field]: error ?? undefined }));
    setSaved(error ? null : field);
  };
  const bind = (field: Field) => ({
    id: ids[field],
    value: state[field],
    disabled: locked,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": `${ids[field]}-counter${errors[field] ? ` ${ids[field]}-error` : ""}`,
    onChange: (e: { target: { value: string } }) => {
      update({ [field]: e.target.value } as Partial<MerchantState>);
      setErrors((prev) => ({ ...prev, [field]: undefined }));
      setSaved(null);
    },
    onBlur: () => void onBlur(field),
  });
  const below = (field: Field) => (
    <>
      <CharacterCounter
        id={`${ids[field]}-counter`}
        value={state[field]}
        max={BUSINESS_PROFILE_LIMITS[field]}
        showFrom={field === "businessDescription" ? 0 : 0.8}
      />
      {errors[field] ? (
        <span id={`${ids[field]}-error`} role="alert" className="error-text" data-testid={`${field}-error`}>
          {errors[field]}
        </span>
      ) : null}
    </>
  );

  return (
    <div className="stack">
      <RoleNote permission="settings.write" />
      {edits && !state.walletVerified ? <p className="notice">{ONBOARDING.connectWalletFirst}</p> : null}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={ids.businessName}>{ONBOARDING.businessName}</label>
          <input {...bind("businessName")} required />
          {below("businessName")}
        </div>
        <div className="field">
          <label htmlFor={ids.websiteUrl}>{ONBOARDING.websiteUrl}</label>
          <input {...bind("websiteUrl")} type="url" placeholder="https://" />
          {below("websiteUrl")}
        </div>
        <div className="field field-wide">
          <label htmlFor={ids.businessDescription}>{ONBOARDING.businessDescription}</label>
          <textarea {...bind("businessDescription")} rows={3} />
          {below("businessDescription")}
        </div>
      </div>
      <div role="status" className="muted">
        {saved ? ONBOARDING.saved : ""}
      </div>
    </div>
  );
}
