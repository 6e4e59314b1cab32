import { useEffect } from 'preact/hooks';
import { Icon } from '@/components/icon';
import { Link, useSiteLocation } from '@/components/site-link';
import { toast } from '@/lib/toast';

/** 'Back to blogs': one step back in history, or the list when the post was opened directly. */
export function BackToBlogs({ label }: { label: string }) {
  const { canGoBack, navigate } = useSiteLocation();
  return (
    <Link
      to="/blogs"
      class="blog-detail__back"
      onClick={(event) => {
        if (!canGoBack) return;
        event.preventDefault();
        navigate(-1);
      }}
    >
      <Icon name="arrow-left" size={18} />
      {label}
    </Link>
  );
}

/** A blog not found: a toast, then `path` (the home page) after `delayMs`. Shows nothing. */
export function NotFoundRedirect({
  message,
  path,
  delayMs,
}: {
  message: string;
  path: string;
  delayMs: number;
}) {
  const { navigate } = useSiteLocation();
  useEffect(() => {
    toast.error(message);
    const timer = setTimeout(() => navigate(path, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [message, path, delayMs, navigate]);
  return null;
}
