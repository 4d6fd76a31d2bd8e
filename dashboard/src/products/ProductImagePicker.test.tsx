import type { Product } from "@spay/sdk";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { on, stubApi } from "../testing/api-stub.ts";
import { PRODUCTS } from "./messages.ts";
import { ProductImagePicker } from "./ProductImagePicker.tsx";

const T = PRODUCTS.image;
const auth = { token: "sess_test", workspaceId: "ws_1" };
const IMAGE = {
  url: "http://localhost/v1/product_images/img_a-512-0123456789abcdef.webp",
  srcset:
    "http://localhost/v1/product_images/img_a-256-fedcba9876543210.webp 256w, http://localhost/v1/product_images/img_a-512-0123456789abcdef.webp 512w",
  width: 512,
  height: 512,
  variants: [],
};
const product = { id: "prod_1", object: "product", name: "Poster", image: null } as unknown as Product;
const withImage = { ...product, image: IMAGE } as Product;

/**
 * The browser's XMLHttpRequest, answered by the test (as api-stub.ts answers fetch): the one
 * browser API that reports upload progress, so the only transport the picker's upload uses.
 */
class UploadStub {
  static last: UploadStub | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    UploadStub.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const file = (name: string, type: string, size = 1000) => {
  const f = new File([new Uint8Array(Math.min(size, 1000))], name, { type });
  if (size > 1000) Object.defineProperty(f, "size", { value: size });
  return f;
};

const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;

beforeEach(() => {
  UploadStub.last = null;
  vi.stubGlobal("XMLHttpRequest", UploadStub);
});
afterEach(() => vi.unstubAllGlobals());

describe("the product editor's image picker", () => {
  it("uploads the chosen file as the body, shows its progress, then the server's image with srcset", async () => {
    const onChange = vi.fn();
    render(<ProductImagePicker auth={auth} product={product} onChange={onChange} />);
    expect(input().accept).toBe("image/jpeg,image/png,image/webp,image/avif,image/gif");
    const chosen = file("poster.png", "image/png");
    await userEvent.upload(input(), chosen);
    const xhr = UploadStub.last as UploadStub;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(["POST", "/v1/products/prod_1/image", chosen]);
    expect(xhr.headers).toEqual({
      authorization: "Bearer sess_test",
      "x-workspace-id": "ws_1",
      "content-type": "image/png",
    });
    xhr.progress(40, 100);
    expect(screen.getByText(T.uploading(40))).toBeTruthy();
    expect((screen.getByRole("progressbar") as HTMLProgressElement).value).toBe(40);
    xhr.answer(200, withImage);
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(withImage));
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe(T.uploaded);
  });

  it("shows the server's refusal in its words, and keeps no preview of the refused file", async () => {
    const onChange = vi.fn();
    render(<ProductImagePicker auth={auth} product={product} onChange={onChange} />);
    await userEvent.upload(input(), file("evil.png", "image/png"));
    (UploadStub.last as UploadStub).answer(400, {
      error: {
        type: "invalid_request_error",
        code: "image_polyglot",
        message:
          "The file has data after the end of the image (another file appended to it); export it again from an image editor",
        request_id: "req_1",
      },
    });
    expect(
      await screen.findByText(
        T.uploadFailed(
          "The file has data after the end of the image (another file appended to it); export it again from an image editor",
        ),
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId("image-preview")).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("refuses an SVG and a file over 8 MB before sending anything", async () => {
    // The system dialog's "All files" gets past `accept`.
    const user = userEvent.setup({ applyAccept: false });
    render(<ProductImagePicker auth={auth} product={product} onChange={() => {}} />);
    await user.upload(input(), file("logo.svg", "image/svg+xml"));
    expect(screen.getByRole("alert").textContent).toBe(T.svg);
    await user.upload(input(), file("huge.jpg", "image/jpeg", 9 * 1024 * 1024));
    expect(screen.getByRole("alert").textContent).toBe(T.tooLarge);
    expect(UploadStub.last).toBeNull();
  });

  it("shows a saved image with its srcset, and Remove deletes it", async () => {
    const calls = stubApi(on("DELETE", "/v1/products/prod_1/image", { body: product }));
    const onChange = vi.fn();
    render(<ProductImagePicker auth={auth} product={withImage} onChange={onChange} />);
    const preview = screen.getByTestId("image-preview") as HTMLImageElement;
    expect(preview.getAttribute("srcset")).toBe(IMAGE.srcset);
    expect(screen.getByText(T.replace)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: T.remove }));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(product));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["DELETE /v1/products/prod_1/image"]);
    expect(screen.getByRole("status").textContent).toBe(T.removed);
  });

  it("a product not saved yet cannot take an image, and says so", () => {
    render(<ProductImagePicker auth={auth} product={null} onChange={() => {}} />);
    expect(input().disabled).toBe(true);
    expect(screen.getByText(T.saveFirst)).toBeTruthy();
  });
});
