import type { Product } from "@spay/sdk";
import { SPayError } from "@spay/sdk/transport";
import { apiRequest } from "./http.ts";
import type { WorkspaceAuth } from "./types.ts";

/**
 * Sends a file as the product's image (POST /v1/products/{id}/image: the body is the file). Over
 * XMLHttpRequest, the one browser API that reports upload progress; `onProgress` gets 0…1. A
 * refusal rejects with the API's `SPayError` (its code and plain-words message), as every call.
 */
export function uploadProductImage(
  auth: WorkspaceAuth,
  productId: string,
  file: Blob,
  onProgress: (fraction: number) => void = () => {},
  signal?: AbortSignal,
): Promise<Product> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/v1/products/${encodeURIComponent(productId)}/image`);
    xhr.setRequestHeader("authorization", `Bearer ${auth.token}`);
    xhr.setRequestHeader("x-workspace-id", auth.workspaceId);
    // The server decides the type from the bytes; a file the browser cannot name goes as bytes.
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as Product);
      } else
        reject(SPayError.fromResponse(xhr.status, xhr.responseText, xhr.getResponseHeader("x-request-id")));
    };
    xhr.onerror = () => reject(SPayError.network(new Error("the upload did not reach the server")));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export function removeProductImage(auth: WorkspaceAuth, productId: string): Promise<Product> {
  return apiRequest(`/v1/products/${encodeURIComponent(productId)}/image`, {
    token: auth.token,
    workspaceId: auth.workspaceId,
    method: "DELETE",
  });
}
