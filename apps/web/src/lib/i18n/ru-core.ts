/**
 * The Russian strings every route needs before anything else loads: the splash, /auth, form errors and toasts.
 * They ship in the entry chunk, so only add a key here when start-up or /auth shows it; everything else goes to
 * `ru.ts` (see "Bundle budget" in apps/web/CONTEXT.md). Spec strings are kept word for word.
 */
export const ruCore = {
  app: {
    name: 'Беседа',
    loading: 'Загрузка',
    tagline: 'Друзья, чаты и голосовые каналы — в одном месте',
    updateAvailable: 'Доступна новая версия',
    updateHint: 'Эта версия приложения устарела. Обновите страницу, чтобы продолжить.',
    reload: 'Обновить',
  },
  validation: {
    required: 'Обязательное поле',
    invalidEmail: 'Некорректный email',
    emailTooLong: 'Email слишком длинный (не больше 254 символов)',
    nicknameFormat: 'Никнейм: от 3 до 32 символов — буквы, цифры или _',
    passwordLength: 'Пароль должен содержать от 8 до 128 символов',
    passwordsMismatch: 'Пароли не совпали',
    invalid: 'Некорректное значение',
    invalidCharacters: 'Содержит недопустимые символы',
  },
  errors: {
    invalidCredentials: 'Неверный email или пароль',
    emailOrNicknameTaken: 'Email или nickname уже заняты',
    rateLimited: 'Слишком много попыток. Попробуйте через минуту',
    network: 'Не удалось связаться с сервером. Проверьте подключение к интернету',
    unknown: 'Что-то пошло не так. Попробуйте ещё раз',
    connectionTitle: 'Соединение',
    connectionMessage: 'Проверьте настройки интернет соединения',
  },
  auth: {
    tabsLabel: 'Вход или регистрация',
    loginTab: 'Вход',
    registerTab: 'Регистрация',
    loginTitle: 'С возвращением!',
    loginSubtitle: 'Рады видеть вас снова',
    registerTitle: 'Создать аккаунт',
    registerSubtitle: 'Пара полей — и можно общаться',
    email: 'Email',
    nickname: 'Никнейм',
    password: 'Пароль',
    passwordRepeat: 'Повторите пароль',
    submitLogin: 'Войти',
    submitRegister: 'Зарегистрироваться',
    showSecret: 'Показать ввод',
    hideSecret: 'Скрыть ввод',
    noAccount: 'Нет аккаунта?',
    hasAccount: 'Уже есть аккаунт?',
    switchToRegister: 'Создать аккаунт',
    switchToLogin: 'Войти',
    nicknameHint: 'Так вас найдут друзья: @никнейм',
    sessionEnded: 'Сеанс завершён',
    sessionEndedHint: 'Войдите снова, чтобы продолжить',
  },
  toast: {
    close: 'Закрыть уведомление',
    region: 'Уведомления',
  },
} as const;

export type CoreCatalogue = typeof ruCore;
