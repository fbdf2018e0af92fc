import type { Contact } from '@beseda/protocol/contacts';
import { useNavigate } from 'react-router';
import { Avatar } from '../../ui/avatar';
import { startChatWith } from './open-chat';
import styles from './chat-list.module.css';

/**
 * Friends found by «Найти собеседника» who have no chat yet: a click opens the direct chat, which the server creates
 * on first use (the same path as «Написать» on the friends page).
 */
export function FriendMatchList({ friends }: { friends: readonly Contact[] }) {
  const navigate = useNavigate();
  return (
    <ul className={styles.list} data-testid="friend-matches">
      {friends.map(({ user }) => (
        <li key={user.id}>
          <button
            type="button"
            className={`${styles.row} ${styles.friendRow}`}
            onClick={() => void startChatWith(user.nickname, (path) => void navigate(path))}
            data-testid="friend-match"
          >
            <Avatar id={user.id} name={user.name} url={user.avatarUrl} size={32} />
            <span className={styles.body}>
              <span className={styles.name}>{user.name}</span>
              <span className={styles.preview}>@{user.nickname}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
