import { Link } from "react-router-dom";
import { MESSAGES } from "../messages.ts";
import { useDocumentMeta } from "../seo/useDocumentMeta.tsx";
import { BLOG } from "../site.ts";
import { Spinner } from "../ui/Spinner.tsx";
import { useBlog } from "./BlogContext.tsx";
import { PostDateLine, TagList } from "./PostMeta.tsx";
import type { BlogPost } from "./post.ts";
import { useBlogData } from "./useBlogData.ts";

function FeaturedCard({ post }: { post: BlogPost }) {
  return (
    <article className="card featured" aria-labelledby={`post-${post.slug}`}>
      <p className="badge">{MESSAGES.blog.featured}</p>
      <PostDateLine post={post} />
      <h2 id={`post-${post.slug}`}>
        <Link to={post.path}>{post.title}</Link>
      </h2>
      <p>{post.description}</p>
      <TagList tags={post.tags} max={BLOG.featuredTags} />
      <Link className="button primary" to={post.path} aria-label={`${MESSAGES.blog.readMore}: ${post.title}`}>
        {MESSAGES.blog.readMore}
      </Link>
    </article>
  );
}

function GridCard({ post }: { post: BlogPost }) {
  return (
    <article className="card" aria-labelledby={`post-${post.slug}`}>
      <PostDateLine post={post} />
      <h3 id={`post-${post.slug}`}>
        <Link to={post.path}>{post.title}</Link>
      </h3>
      <p>{post.description}</p>
      <TagList tags={post.tags} max={BLOG.gridTags} />
      <Link className="text-link" to={post.path} aria-label={`${MESSAGES.blog.read}: ${post.title}`}>
        {MESSAGES.blog.read} →
      </Link>
    </article>
  );
}

/** SPEC.md §2: the blog index — newest post featured, the rest in a two-column grid. */
export function BlogIndex() {
  const blog = useBlog();
  const { state, retry } = useBlogData("index", blog.peekList, blog.list);
  useDocumentMeta({
    title: MESSAGES.blogName,
    description: MESSAGES.blog.intro,
    path: "/blog",
  });
  const [featured, ...rest] = state.status === "loaded" ? state.data : [];
  return (
    <div className="blog-index">
      <header className="page-intro">
        <h1>{MESSAGES.blog.heading}</h1>
        <p>{MESSAGES.blog.intro}</p>
      </header>
      {state.status === "loading" && <Spinner />}
      {state.status === "error" && (
        <div className="notice error" role="alert">
          <p>{MESSAGES.blog.loadFailed}</p>
          <button type="button" className="button" onClick={retry}>
            {MESSAGES.blog.retry}
          </button>
        </div>
      )}
      {featured && <FeaturedCard post={featured} />}
      {rest.length > 0 && (
        <div className="post-grid">
          {rest.map((post) => (
            <GridCard key={post.slug} post={post} />
          ))}
        </div>
      )}
      <aside className="card stay-updated" aria-labelledby="stay-updated">
        <h2 id="stay-updated">{MESSAGES.blog.stayUpdated}</h2>
        <p>{MESSAGES.blog.stayUpdatedText}</p>
        <a className="button primary" href="/">
          {MESSAGES.blog.subscribe}
        </a>
      </aside>
    </div>
  );
}
