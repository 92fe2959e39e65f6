// Image URLs from the API (`/api/v1/files/<id>`) as the browser must load them: prefixed with the API origin when set.
import { env } from '@/config/env';

export function apiFileUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return path.startsWith('/') ? `${env.apiBaseUrl}${path}` : path;
}

/** 'business-owner' → 'Business Owner', as the profile chip shows the user type. */
export function formatUserType(userType: string | undefined): string {
  return (userType ?? '')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
