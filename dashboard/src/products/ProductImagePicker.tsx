import type { Product } from "@spay/sdk";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../api/http.ts";
import { removeProductImage, uploadProductImage } from "../api/product-images.ts";
import type { WorkspaceAuth } from "../api/types.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import { IMAGE_ACCEPT, imageFileProblem } from "./image-file.ts";
import { PRODUCTS } from "./messages.ts";

const T = PRODUCTS.image;

/**
 * The product editor's image: pick a file (checked here first, decided by the server), watch it
 * upload, see it, replace or remove it. A product gets an image once it exists (saved), since the
 * image belongs to it.
 */
export function ProductImagePicker({
  auth,
  product,
  onChange,
}: {
  auth: WorkspaceAuth;
  product: Product | null;
  onChange(product: Product): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** The chosen file, shown while it uploads. */
  const [local, setLocal] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  // Closing the editor stops an upload still on its way.
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => () => (local ? URL.revokeObjectURL(local) : undefined), [local]);

  const choose = async (file: File | undefined) => {
    if (!file || !product) return;
    setError(null);
    setStatus(null);
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      if (input.current) input.current.value = "";
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setLocal(typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null);
    setProgress(0);
    try {
      onChange(await uploadProductImage(auth, product.id, file, setProgress, controller.signal));
      setStatus(T.uploaded);
    } catch (err) {
      if (!controller.signal.aborted) setError(T.uploadFailed(errorMessage(err)));
    } finally {
      upload.current = null;
      setProgress(null);
      setLocal(null);
      if (input.current) input.current.value = "";
    }
  };

  const remove = async () => {
    if (!product) return;
    setError(null);
    setStatus(null);
    setRemoving(true);
    try {
      onChange(await removeProductImage(auth, product.id));
      setStatus(T.removed);
    } catch (err) {
      setError(T.removeFailed(errorMessage(err)));
    } finally {
      setRemoving(false);
    }
  };

  const image = product?.image ?? null;
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <fieldset className="field image-picker" aria-describedby={`${id}-hint`}>
      <legend>{T.label}</legend>
      <div className="image-picker-row">
        {local ? (
          <img className="image-picker-preview" src={local} alt={T.preview} data-testid="image-preview" />
        ) : image ? (
          <ProductImage
            image={image}
            className="image-picker-preview"
            sizes="96px"
            alt={T.preview}
            data-testid="image-preview"
          />
        ) : null}
        <label className={product && !uploading ? "button button-small" : "button button-small disabled"}>
          {image ? T.replace : T.choose}
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={!product || uploading || removing}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        {image && !uploading ? (
          <button
            type="button"
            className="button button-small button-danger"
            disabled={removing}
            onClick={() => void remove()}
          >
            {removing ? T.removing : T.remove}
          </button>
        ) : null}
      </div>
      {uploading ? (
        <>
          <progress max={100} value={percent} aria-labelledby={`${id}-progress`} />
          <span id={`${id}-progress`} className="muted">
            {T.uploading(percent)}
          </span>
        </>
      ) : null}
      <p id={`${id}-hint`} className="muted">
        {product ? T.hint : T.saveFirst}
      </p>
      <p role="alert" className="error-text">
        {error}
      </p>
      <p role="status" className="visually-hidden">
        {status ?? ""}
      </p>
    </fieldset>
  );
}
