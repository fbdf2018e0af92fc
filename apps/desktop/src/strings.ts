import type { DesktopSetupError } from '@beseda/protocol/desktop';

/*
 * Every Russian string the shell itself shows: the first-run page, its errors, the tray and dock menus. The web app
 * has its own catalogue (apps/web/src/lib/i18n); the shell cannot use it, because the first-run page exists before
 * any server does. Imported by the main process and, as an ES module, by the first-run page, so it imports types only.
 */

export const APP_NAME = 'Беседа';

export const FIRST_RUN_STRINGS = {
  documentTitle: 'Беседа — подключение к серверу',
  /** The web app's `app.tagline`, so the card reads like the /auth card. */
  tagline: 'Друзья, чаты и голосовые каналы — в одном месте',
  title: 'Подключение к серверу',
  explanation:
    'Беседа работает на сервере вашего сообщества. Укажите его адрес — приложение запомнит его и в следующий раз откроется сразу.',
  label: 'Адрес сервера',
  placeholder: 'https://beseda.example.ru',
  submit: 'Подключиться',
  busy: 'Подключение…',
} as const;

export const SETUP_ERROR_MESSAGES: Record<DesktopSetupError, string> = {
  empty: 'Введите адрес сервера',
  invalid: 'Это не похоже на адрес сервера',
  scheme: 'Адрес должен начинаться с https://',
  credentials: 'Адрес не должен содержать имя пользователя или пароль',
  insecure: 'Без HTTPS можно подключиться только к серверу на этом компьютере',
  path: 'Укажите только адрес сервера, без пути',
  unreachable: 'Не удалось связаться с сервером. Проверьте адрес и подключение к интернету',
  'not-beseda': 'По этому адресу нет сервера Беседы',
  outdated: 'Этому серверу нужна более новая версия приложения. Обновите Беседу',
};

export const MENU_STRINGS = {
  open: 'Открыть Беседу',
  changeServer: 'Сменить сервер…',
  quit: 'Выйти',
} as const;

/** The native save dialog's file-type name for «Сохранить журнал». */
export const LOG_FILTER_NAME = 'Журнал';
