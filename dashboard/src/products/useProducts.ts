import type { Product } from "@spay/sdk";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { deleteProduct, listProducts } from "../api/products.ts";
import type { WorkspaceAuth } from "../api/types.ts";
import { DASHBOARD_ERRORS } from "../messages.ts";
import { type QueryScope, scopeKey } from "../state/query-scope.ts";
import { useCurrentEnvironmentId } from "../tenancy/environments.tsx";
import { PRODUCTS } from "./messages.ts";

/** The catalogue's cache key. */
export const productsKey = (scope: QueryScope) => [...scopeKey(scope), "products"] as const;

/** A saved product in the cached catalogue: replaced where it is, a new one first. */
export function withSavedProduct(list: readonly Product[] | undefined, saved: Product): Product[] {
  if (!list) return [saved];
  return list.some((p) => p.id === saved.id)
    ? list.map((p) => (p.id === saved.id ? saved : p))
    : [saved, ...list];
}

export interface ProductsCatalogue {
  /** Null until the first answer. */
  products: Product[] | null;
  error: string | null;
  reload(): void;
  /** Deletes on the server, then drops it from the cache; throws what the server refused. */
  remove(product: Product): Promise<void>;
  /** Puts a product the editor saved into the cache (and refetches the catalogue). */
  saved(product: Product): void;
}

/** The workspace's products (SPEC.md §2 "Products"), cached per workspace and environment. */
export function useProducts(auth: WorkspaceAuth | null): ProductsCatalogue {
  const client = useQueryClient();
  const environmentId = useCurrentEnvironmentId();
  const key = useMemo(() => (auth ? productsKey({ auth, environmentId }) : null), [auth, environmentId]);
  const query = useQuery({
    queryKey: key ?? ["products", "none"],
    queryFn: auth ? () => listProducts(auth) : skipToken,
  });
  const removal = useMutation({
    mutationFn: (product: Product) => {
      if (!auth) throw new Error(DASHBOARD_ERRORS.noWorkspace);
      return deleteProduct(auth, product.id);
    },
    onSuccess: (_answer, product) => {
      if (!key) return;
      client.setQueryData<Product[]>(key, (list) => list?.filter((p) => p.id !== product.id));
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const saved = useCallback(
    (product: Product) => {
      if (!key) return;
      client.setQueryData<Product[]>(key, (list) => withSavedProduct(list, product));
      void client.invalidateQueries({ queryKey: key });
    },
    [client, key],
  );
  const { refetch } = query;
  const { mutateAsync } = removal;
  return {
    products: query.data ?? null,
    error: query.isError ? PRODUCTS.loadFailed : null,
    reload: useCallback(() => void refetch(), [refetch]),
    remove: useCallback(async (product: Product) => void (await mutateAsync(product)), [mutateAsync]),
    saved,
  };
}
