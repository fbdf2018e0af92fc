import { useNavigate, useSearchParams } from 'react-router';
import type { Me } from '@beseda/protocol/user';
import { sanitizeRedirect } from '../../app/guard';
import { ROUTE_REDIRECTS, ROUTES } from '../../app/routes';
import { useUserStore } from './user-store';

/** After sign-in or sign-up: fill the user store, then go to the `redirect` value or home (spec §2). */
export function useAuthSuccess(): (user: Me) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setUser = useUserStore((state) => state.setUser);
  return (user) => {
    setUser(user);
    const target = sanitizeRedirect(params.get('redirect')) ?? ROUTES.root;
    void navigate(ROUTE_REDIRECTS[target] ?? target, { replace: true });
  };
}
