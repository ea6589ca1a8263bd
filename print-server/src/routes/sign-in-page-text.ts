/**
 * The sign-in page's words in the languages the portal speaks. The page is
 * served at /{lang}/auth, where {lang} is whatever the client put in the link
 * ("de", "de-AT", "cs-CZ"…): the first two letters choose, English otherwise.
 */
const en = {
  title: "Sign in",
  asks: (client: string) => `${client} asks to use your print account.`,
  withPin: "With your user name and PIN",
  pin: "PIN",
  signInPin: "Sign in with PIN",
  withPassword: "Or with your user name and password",
  username: "User name",
  password: "Password",
  signInPassword: "Sign in with password",
  cancel: "Cancel and go back",
  fillEveryField: "Fill in every field.",
  failed: "Sign-in failed. Check what you typed and try again.",
  tooMany: "Too many failed sign-ins. Wait a few minutes, then try again.",
  notPossible: "Sign-in not possible",
  unknownClient: "This application is not registered with the print server. Ask your administrator.",
  unknownRedirect: "The return address of this application is not registered. Ask your administrator.",
  badLink: "The sign-in link is not complete or not valid. Go back to the application and start again.",
  badForm: "The sign-in form was not complete. Go back to the application and start again.",
};

export type SignInPageText = typeof en;

const de: SignInPageText = {
  title: "Anmelden",
  asks: (client) => `${client} möchte Ihr Druckkonto verwenden.`,
  withPin: "Mit Benutzername und PIN",
  pin: "PIN",
  signInPin: "Mit PIN anmelden",
  withPassword: "Oder mit Benutzername und Passwort",
  username: "Benutzername",
  password: "Passwort",
  signInPassword: "Mit Passwort anmelden",
  cancel: "Abbrechen und zurück",
  fillEveryField: "Füllen Sie jedes Feld aus.",
  failed: "Anmeldung fehlgeschlagen. Prüfen Sie Ihre Eingabe und versuchen Sie es erneut.",
  tooMany: "Zu viele fehlgeschlagene Anmeldungen. Warten Sie einige Minuten und versuchen Sie es dann erneut.",
  notPossible: "Anmeldung nicht möglich",
  unknownClient: "Diese Anwendung ist beim Druckserver nicht registriert. Wenden Sie sich an Ihre Administration.",
  unknownRedirect:
    "Die Rücksprungadresse dieser Anwendung ist nicht registriert. Wenden Sie sich an Ihre Administration.",
  badLink: "Der Anmeldelink ist unvollständig oder ungültig. Kehren Sie zur Anwendung zurück und beginnen Sie erneut.",
  badForm: "Das Anmeldeformular war unvollständig. Kehren Sie zur Anwendung zurück und beginnen Sie erneut.",
};

const cs: SignInPageText = {
  title: "Přihlášení",
  asks: (client) => `${client} žádá o použití vašeho tiskového účtu.`,
  withPin: "Pomocí uživatelského jména a PIN",
  pin: "PIN",
  signInPin: "Přihlásit se pomocí PIN",
  withPassword: "Nebo pomocí uživatelského jména a hesla",
  username: "Uživatelské jméno",
  password: "Heslo",
  signInPassword: "Přihlásit se heslem",
  cancel: "Zrušit a vrátit se",
  fillEveryField: "Vyplňte všechna pole.",
  failed: "Přihlášení se nezdařilo. Zkontrolujte, co jste zadali, a zkuste to znovu.",
  tooMany: "Příliš mnoho neúspěšných přihlášení. Počkejte několik minut a zkuste to znovu.",
  notPossible: "Přihlášení není možné",
  unknownClient: "Tato aplikace není na tiskovém serveru registrována. Obraťte se na správce.",
  unknownRedirect: "Návratová adresa této aplikace není registrována. Obraťte se na správce.",
  badLink: "Odkaz pro přihlášení je neúplný nebo neplatný. Vraťte se do aplikace a začněte znovu.",
  badForm: "Přihlašovací formulář nebyl úplný. Vraťte se do aplikace a začněte znovu.",
};

const texts: Record<string, SignInPageText> = { en, de, cs };

/** The page's language: a supported one, English otherwise (also for the `lang` attribute). */
export function pageLanguage(lang: string | undefined): "en" | "de" | "cs" {
  const base = (lang ?? "").slice(0, 2).toLowerCase();
  return base === "de" || base === "cs" ? base : "en";
}

export const pageText = (lang: string | undefined): SignInPageText => texts[pageLanguage(lang)] ?? en;

export type PageMessage = {
  [K in keyof SignInPageText]: SignInPageText[K] extends string ? K : never;
}[keyof SignInPageText];
