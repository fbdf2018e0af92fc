import { Icon } from './icon';
import { Spinner } from './spinner';

/**
 * What the veil over a changeable picture says (see avatar-overlay.module.css): a spinner while the upload runs, else
 * the picture icon and what a click does. `className` is the user's class that composes `overlay`.
 */
export function AvatarOverlay({
  busy,
  label,
  className,
}: {
  busy: boolean;
  label: string;
  className: string | undefined;
}) {
  return (
    <span className={className} aria-hidden="true">
      {busy ? (
        <Spinner size={24} />
      ) : (
        <>
          <Icon name="image" size={20} />
          {label}
        </>
      )}
    </span>
  );
}
