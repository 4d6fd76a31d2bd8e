import { formatPostDate } from "../markdown/formatDate.ts";
import { MESSAGES } from "../messages.ts";
import type { BlogPost } from "./post.ts";

/** Date and reading time of a post. */
export function PostDateLine({ post }: { post: BlogPost }) {
  return (
    <p className="post-dateline">
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      <span aria-hidden="true"> · </span>
      <span>{MESSAGES.blog.minRead(post.readingTime)}</span>
    </p>
  );
}

/** Up to `max` tag chips. */
export function TagList({ tags, max }: { tags: readonly string[]; max?: number }) {
  const shown = max === undefined ? tags : tags.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <ul className="tags" aria-label={MESSAGES.blog.tags}>
      {shown.map((tag) => (
        <li key={tag} className="tag">
          {tag}
        </li>
      ))}
    </ul>
  );
}
