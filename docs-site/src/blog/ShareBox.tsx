import { MESSAGES } from "../messages.ts";
import { BLOG, SHARE_INTENT_URL, SOCIAL_HANDLE } from "../site.ts";
import { useCopy } from "../ui/useCopy.ts";

/** The share-intent URL: the page URL, a title text and the `via` handle (SPEC.md §2). */
export function shareIntentUrl(url: string, title: string): string {
  const params = new URLSearchParams({ url, text: title, via: SOCIAL_HANDLE });
  return `${SHARE_INTENT_URL}?${params}`;
}

/** 'Share this post': a share link in a new tab and a copy-link button ('Copied!' for 2 s). */
export function ShareBox({ url, title }: { url: string; title: string }) {
  const { copied, copy } = useCopy(BLOG.copiedMs);
  return (
    <section className="card share-box" aria-labelledby="share-heading">
      <h2 id="share-heading">{MESSAGES.blog.shareThisPost}</h2>
      <div className="share-actions">
        <a className="button" href={shareIntentUrl(url, title)} target="_blank" rel="noopener noreferrer">
          {MESSAGES.blog.shareOnX}
        </a>
        <button type="button" className="button" onClick={() => void copy(url)}>
          {copied ? MESSAGES.copied : MESSAGES.blog.copyLink}
        </button>
        <span className="visually-hidden" aria-live="polite">
          {copied ? MESSAGES.copied : ""}
        </span>
      </div>
    </section>
  );
}
