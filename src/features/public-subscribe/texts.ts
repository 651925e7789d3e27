import { defineCatalogue } from '@/shared/public/i18n/catalogue';

/**
 * The texts of the double opt-in (the code step after the subscribe form), why a phone is refused, and the answer
 * of an unsubscribe by phone, in the page's language.
 */
export const optInTexts = defineCatalogue({
  dk: {
    codeTitle: 'Indtast koden fra SMS’en',
    codeSent: 'Vi har sendt en SMS med en kode til {phone}. Indtast koden for at bekræfte din tilmelding.',
    codeLabel: 'Kode fra SMS',
    confirmCode: 'Bekræft',
    resendCode: 'Send en ny kode',
    codeResent: 'Vi har sendt en ny kode.',
    changePhone: 'Skift nummer',
    codeFormat: 'Koden har 6 cifre.',
    wrongCode: 'Koden er forkert. Prøv igen.',
    codeExpired: 'Koden er udløbet. Få en ny kode.',
    tooManyAttempts: 'For mange forkerte forsøg. Få en ny kode.',
    phoneTooShort: 'Nummeret er for kort. Skriv alle 8 cifre.',
    phoneNotValid: 'Det er ikke et gyldigt mobilnummer i {country}.',
    linkSentTitle: 'Tjek din SMS',
    linkSent: 'Hvis nummeret er tilmeldt hos os, får du en SMS med et link, hvor du kan afmelde dig.',
  },
  no: {
    codeTitle: 'Skriv inn koden fra SMS-en',
    codeSent: 'Vi har sendt en SMS med en kode til {phone}. Skriv inn koden for å bekrefte påmeldingen.',
    codeLabel: 'Kode fra SMS',
    confirmCode: 'Bekreft',
    resendCode: 'Send en ny kode',
    codeResent: 'Vi har sendt en ny kode.',
    changePhone: 'Endre nummer',
    codeFormat: 'Koden har 6 sifre.',
    wrongCode: 'Koden er feil. Prøv igjen.',
    codeExpired: 'Koden har utløpt. Be om en ny kode.',
    tooManyAttempts: 'For mange feil forsøk. Be om en ny kode.',
    phoneTooShort: 'Nummeret er for kort. Skriv alle 8 sifrene.',
    phoneNotValid: 'Det er ikke et gyldig mobilnummer i {country}.',
    linkSentTitle: 'Sjekk SMS-en din',
    linkSent: 'Hvis nummeret er påmeldt hos oss, får du en SMS med en lenke der du kan melde deg av.',
  },
});
