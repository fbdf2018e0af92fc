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
    // The desktop shell is older than the server: a reload brings the same shell back, a new install is needed.
    updateInstallHint: 'Эта версия приложения устарела. Установите новую версию, чтобы всё работало.',
    later: 'Позже',
  },
  // The desktop app's own title bar (issue 16): shown before sign-in too, so it lives in the core catalogue.
  desktop: {
    titleBar: 'Окно приложения',
    minimize: 'Свернуть',
    maximize: 'Развернуть',
    restore: 'Восстановить',
    exitFullscreen: 'Выйти из полноэкранного режима',
    close: 'Закрыть',
    shareTitle: 'Демонстрация экрана',
    shareSubtitle: 'Выберите, что увидят участники звонка',
    shareSources: 'Что показать',
    shareScreens: 'Экраны',
    shareWindows: 'Окна',
    shareNoScreens: 'Экраны не найдены',
    shareNoWindows: 'Открытых окон нет',
    shareAudio: 'Звук компьютера',
    shareAudioHint: 'Участники услышат звук системы и приложений',
    share: 'Поделиться',
    cancel: 'Отмена',
    // Ctrl+Shift+L works on /auth too, so these load with the core.
    logSaved: 'Журнал приложения сохранён',
    logSaveFailed: 'Не удалось сохранить журнал приложения. Попробуйте ещё раз',
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
    /** Spec §8 gives the client error store's fallback in English: kept word for word. */
    fallback: 'Unknown error',
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
