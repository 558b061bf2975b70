/** Slovak strings of the human check (reCAPTCHA v3): the forms' notice, its errors, the admin section. */
export const skHumanCheck: Record<string, string> = {
  'errors.human_check.failed':
    'Nepodarilo sa overiť, že ste človek. Skúste to znova; ak to stále nefunguje, povoľte pre túto stránku skripty z Google reCAPTCHA.',
  'errors.human_check.unavailable': 'Overenie človeka momentálne neodpovedá. Skúste to znova o minútu.',
  'human_check.notice':
    'Táto stránka je chránená službou reCAPTCHA a platia <privacy>Zásady ochrany súkromia</privacy> a <terms>Zmluvné podmienky</terms> spoločnosti Google.',
  'admin.human_check.title': 'Overenie človeka',
  'admin.human_check.description':
    'Google reCAPTCHA v3 bez hádaniek ohodnotí každé prihlásenie, registráciu, obnovenie hesla a správu cez kontaktný formulár; nízke skóre sa odmietne.',
  'admin.human_check.enable': 'Overovať, že formuláre vypĺňa človek',
  'admin.human_check.enable_description': 'Začne platiť, keď bude uložený kľúč webu aj tajný kľúč.',
  'admin.human_check.site_key': 'Kľúč webu',
  'admin.human_check.site_key_hint': 'Verejný kľúč webu reCAPTCHA v3 registrovaného pre túto doménu.',
  'admin.human_check.secret': 'Tajný kľúč',
  'admin.human_check.secret_set': 'Tajný kľúč je uložený. Ak ho chcete nahradiť, zadajte nový.',
  'admin.human_check.secret_unset': 'Zatiaľ nie je uložený žiadny tajný kľúč.',
  'admin.human_check.clear_secret': 'Odstrániť tajný kľúč',
  'admin.human_check.min_score': 'Najnižšie povolené skóre',
  'admin.human_check.min_score_hint': 'Od 0 (ktokoľvek) po 1 (iba najistejší). Google odporúča 0.5.',
  'admin.human_check.save': 'Uložiť',
  'admin.human_check.saved': 'Nastavenia overenia človeka boli uložené.',
  'admin.human_check.active': 'Zapnuté: formuláre vyžadujú token reCAPTCHA.',
  'admin.human_check.incomplete': 'Zatiaľ nezapnuté: je potrebný kľúč webu aj tajný kľúč.',
  'admin.human_check.off': 'Vypnuté: formuláre overenie nevyžadujú.',
  'admin.human_check.warning':
    'Overuje sa aj prihlásenie, vrátane vášho: pred odhlásením si skúste prihlásenie v súkromnom okne.',
  'admin.human_check.invalid_score': 'Zadajte číslo od 0 do 1.',
};
