import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../shared/lib/redirect';

/** /redirect?url=/somewhere: an internal hop used by links from outside (banners, messages). */
export default function RedirectPage() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('url') ?? params.get('redirect'))} replace />;
}
