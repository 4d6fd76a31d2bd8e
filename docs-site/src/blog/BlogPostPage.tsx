import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router-dom";
import { MESSAGES } from "../messages.ts";
import { canonicalUrl } from "../seo/meta.ts";
import { useDocumentMeta } from "../seo/useDocumentMeta.tsx";
import { BLOG } from "../site.ts";
import { Markdown } from "../ui/Markdown.tsx";
import { Spinner } from "../ui/Spinner.tsx";
import { useBlog } from "./BlogContext.tsx";
import { PostDateLine, TagList } from "./PostMeta.tsx";
import { authorInitials, type BlogPost } from "./post.ts";
import { ShareBox } from "./ShareBox.tsx";
import { useBlogData } from "./useBlogData.ts";

/** Only a post read at run time needs `marked` and DOMPurify in the browser. */
const RuntimeMarkdown = lazy(() => import("../ui/RuntimeMarkdown.tsx"));

/** The post's body: HTML rendered at build time, or its Markdown rendered here. */
function PostBody({ post }: { post: BlogPost }) {
  if (post.html !== null) return <Markdown html={post.html} />;
  return (
    <Suspense fallback={<Spinner />}>
      <RuntimeMarkdown source={post.body} />
    </Suspense>
  );
}

function PostNotFound() {
  return (
    <div className="not-found">
      <h1>{MESSAGES.blog.postNotFound}</h1>
      <p>{MESSAGES.blog.postNotFoundText}</p>
      <Link className="button primary" to="/blog">
        {MESSAGES.blog.backToBlog}
      </Link>
    </div>
  );
}

function PostArticle({ post }: { post: BlogPost }) {
  const author = post.author ?? MESSAGES.teamName;
  return (
    <article className="post">
      <Link className="back-link" to="/blog">
        ← {MESSAGES.blog.backToBlog}
      </Link>
      <header className="post-header">
        <PostDateLine post={post} />
        <h1>{post.title}</h1>
        <p className="lead">{post.description}</p>
        <div className="author">
          <span className="author-badge" aria-hidden="true">
            {authorInitials(post.author, MESSAGES.blog.fallbackInitials)}
          </span>
          <span>
            <span className="author-name">{author}</span>
            <span className="author-role">{MESSAGES.blog.authorRole}</span>
          </span>
        </div>
        <TagList tags={post.tags} />
      </header>
      <PostBody post={post} />
      <ShareBox url={canonicalUrl(post.path)} title={post.title} />
      <nav className="card continue-reading" aria-labelledby="continue-heading">
        <h2 id="continue-heading">{MESSAGES.blog.continueReading}</h2>
        <ul>
          <li>
            <Link to="/docs/getting-started">{MESSAGES.blog.gettingStartedLink}</Link>
          </li>
          <li>
            <Link to="/docs/api-reference">{MESSAGES.blog.apiReferenceLink}</Link>
          </li>
        </ul>
      </nav>
    </article>
  );
}

/** SPEC.md §2: a single post, reloaded when the slug changes, cached per slug. */
export function BlogPostPage() {
  const { slug = "" } = useParams();
  const blog = useBlog();
  const { state } = useBlogData(
    slug,
    () => blog.peekPost(slug),
    () => blog.post(slug),
  );
  const post = state.status === "loaded" ? state.data : null;
  const missing = state.status === "error" || (state.status === "loaded" && !post);
  useDocumentMeta(
    post
      ? {
          title: `${post.title}${BLOG.titleSuffix}`,
          description: post.description,
          path: post.path,
          type: "article",
          image: post.image,
          publishedTime: post.date,
          author: post.author ?? MESSAGES.teamName,
          tags: post.tags,
        }
      : {
          title: `${missing ? MESSAGES.blog.postNotFound : MESSAGES.loading}${BLOG.titleSuffix}`,
          description: missing ? MESSAGES.blog.postNotFoundText : MESSAGES.blog.intro,
          path: `/blog/${slug}`,
          noindex: true,
        },
  );
  if (state.status === "loading") return <Spinner />;
  return post ? <PostArticle post={post} /> : <PostNotFound />;
}
