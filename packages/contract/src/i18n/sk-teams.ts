/** Slovak strings of team folders, Shared with Me and team invitations (issue 14, ADR 0029). */
export const skTeams: Record<string, string> = {
  // Screens
  'teams.empty_title': 'Zatiaľ žiadne tímové priečinky',
  'teams.empty_description':
    'Tímový priečinok je priečinok, ktorý zdieľate s pozvanými ľuďmi: môžu pridávať a upravovať súbory alebo ich iba zobrazovať. Tímovým priečinkom môžete urobiť aj priečinok z Mojich súborov.',
  'teams.empty_editor': 'Nahrajte súbory alebo vytvorte priečinok: všetci v tíme ich uvidia tu.',
  'teams.empty_viewer': 'Zatiaľ tu nič nie je. Súbory pridávajú tí, ktorí môžu tento tímový priečinok upravovať.',
  'shared_with_me.empty_title': 'Zatiaľ s vami nikto nič nezdieľa',
  'shared_with_me.empty_description':
    'Keď vás niekto pozve do tímového priečinka a vy pozvanie prijmete, zobrazí sa tu. Pozvánky prichádzajú do upozornení a e-mailom.',
  'teams.role_line.owner': 'Tento tím vlastníte',
  'teams.role_line.can_edit': 'Môžete upravovať',
  'teams.role_line.can_view': 'Môžete iba zobrazovať',
  'teams.members_count_one': '{{count}} osoba',
  'teams.members_count_few': '{{count}} osoby',
  'teams.members_count_many': '{{count}} osoby',
  'teams.members_count_other': '{{count}} osôb',
  'teams.members_label': 'Členovia: {{names}}',
  'teams.members_label_one': 'Členovia: {{names}}',
  'teams.members_label_more_one': 'Členovia: {{names}} a {{count}} ďalší',
  'teams.members_label_more_few': 'Členovia: {{names}} a {{count}} ďalší',
  'teams.members_label_more_many': 'Členovia: {{names}} a {{count}} ďalších',
  'teams.members_label_more_other': 'Členovia: {{names}} a {{count}} ďalších',
  'teams.is_team_folder': 'Tímový priečinok',
  'teams.in_team': 'V tíme {{name}}',
  'teams.info.members': 'Členovia',
  'teams.info.uploaded_by': 'Nahrané používateľom',
  'teams.info.created_by': 'Vytvorené používateľom',
  'teams.info.team': 'Tím',
  'teams.info.you': '{{name}} (vy)',

  // Actions
  'teams.manage': 'Spravovať tím',
  'teams.convert': 'Zmeniť na tímový priečinok',
  'teams.dissolve': 'Rozpustiť tím',
  'teams.leave': 'Opustiť tím',
  'teams.remove': 'Odstrániť',
  'teams.withdraw': 'Zrušiť pozvánku',
  'teams.save': 'Uložiť zmeny',
  'teams.permission.owner': 'Vlastník',
  'teams.permission.can_edit': 'Môže upravovať',
  'teams.permission.can_view': 'Môže zobrazovať',
  'teams.permission_of': 'Oprávnenie pre {{name}}',

  // Create and convert (spec §2 create-team-folder)
  'teams.create_title': 'Nový tímový priečinok',
  'teams.create_description': 'Vytvorte priečinok a pozvite ľudí, ktorí v ňom budú pracovať s vami.',
  'teams.create_submit': 'Vytvoriť tímový priečinok',
  'teams.default_name': 'Tímový priečinok',
  'teams.create_failed': 'Tímový priečinok sa nepodarilo vytvoriť',
  'teams.created': 'Tímový priečinok „{{name}}“ bol vytvorený.',
  'teams.created_invited_one': 'Tímový priečinok „{{name}}“ bol vytvorený; odoslala sa {{count}} pozvánka.',
  'teams.created_invited_few': 'Tímový priečinok „{{name}}“ bol vytvorený; odoslali sa {{count}} pozvánky.',
  'teams.created_invited_many': 'Tímový priečinok „{{name}}“ bol vytvorený; odoslalo sa {{count}} pozvánky.',
  'teams.created_invited_other': 'Tímový priečinok „{{name}}“ bol vytvorený; odoslalo sa {{count}} pozvánok.',
  'teams.create_disabled_title': 'Vytváranie tímových priečinkov je dočasne vypnuté',
  'teams.create_disabled':
    'Váš účet momentálne nemôže vytvárať tímové priečinky. Skontrolujte svoje predplatné v časti Fakturácia.',
  'teams.convert_title': 'Zmeniť na tímový priečinok',
  'teams.convert_description': 'Pozvite ľudí do tohto priečinka. Zostane tam, kde je, aj so všetkým obsahom.',
  'teams.convert_note':
    'Všetci pozvaní uvidia všetky súbory a priečinky v ňom. To, čo členovia pridajú, sa započíta do vášho úložiska.',
  'teams.convert_submit': 'Zmeniť a pozvať',
  'teams.convert_failed': 'Priečinok sa nepodarilo zmeniť',
  'teams.converted': '„{{name}}“ je teraz tímový priečinok.',
  'teams.converted_invited_one': '„{{name}}“ je teraz tímový priečinok; odoslala sa {{count}} pozvánka.',
  'teams.converted_invited_few': '„{{name}}“ je teraz tímový priečinok; odoslali sa {{count}} pozvánky.',
  'teams.converted_invited_many': '„{{name}}“ je teraz tímový priečinok; odoslalo sa {{count}} pozvánky.',
  'teams.converted_invited_other': '„{{name}}“ je teraz tímový priečinok; odoslalo sa {{count}} pozvánok.',

  // Invitations in the popups
  'teams.invite_people': 'Pozvať ľudí',
  'teams.invite_email': 'E-mail pozývanej osoby',
  'teams.invite_placeholder': 'meno@example.com',
  'teams.invite_permission': 'Oprávnenie pozývanej osoby',
  'teams.invite_add': 'Pridať',
  'teams.invite_added': 'Adresa {{email}} bola pridaná k pozvánkam.',
  'teams.invite_remove': 'Nepozývať {{email}}',
  'teams.invite_required': 'Najprv zadajte e-mailovú adresu.',
  'teams.invite_self': 'To je váš vlastný e-mail: v tíme už ste.',
  'teams.invite_duplicate': 'Táto osoba už je v tíme alebo je pozvaná.',
  'teams.new_invitations': 'Nové pozvánky',
  'teams.limit_hint_one': 'Váš plán vám umožňuje spolupracovať vo všetkých tímoch najviac s {{count}} osobou.',
  'teams.limit_hint_few': 'Váš plán vám umožňuje spolupracovať vo všetkých tímoch najviac s {{count}} osobami.',
  'teams.limit_hint_many': 'Váš plán vám umožňuje spolupracovať vo všetkých tímoch najviac s {{count}} osoby.',
  'teams.limit_hint_other': 'Váš plán vám umožňuje spolupracovať vo všetkých tímoch najviac s {{count}} osobami.',
  'teams.member_limit_one':
    'Dosiahli ste limit svojho plánu: {{count}} člen tímu. Ak chcete pozvať ďalších, niekoho odstráňte alebo prejdite na vyšší plán.',
  'teams.member_limit_few':
    'Dosiahli ste limit svojho plánu: {{count}} členovia tímu. Ak chcete pozvať ďalších, niekoho odstráňte alebo prejdite na vyšší plán.',
  'teams.member_limit_many':
    'Dosiahli ste limit svojho plánu: {{count}} člena tímu. Ak chcete pozvať ďalších, niekoho odstráňte alebo prejdite na vyšší plán.',
  'teams.member_limit_other':
    'Dosiahli ste limit svojho plánu: {{count}} členov tímu. Ak chcete pozvať ďalších, niekoho odstráňte alebo prejdite na vyšší plán.',
  'teams.member_limit_zero': 'Váš plán nezahŕňa členov tímu. Ak chcete pozývať ľudí, prejdite na vyšší plán.',

  // Update (spec §2 update-team-folder)
  'teams.update_title': 'Spravovať „{{name}}“',
  'teams.update_description': 'Zmeňte, čo môže kto robiť, odstráňte ľudí alebo pozvite ďalších.',
  'teams.members': 'Členovia',
  'teams.pending': 'Čaká sa na odpoveď',
  'teams.invited_waiting': 'Pozvánka odoslaná, zatiaľ bez odpovede',
  'teams.remove_member': 'Odstrániť {{name}} z tímu',
  'teams.withdraw_invitation': 'Zrušiť pozvánku pre {{email}}',
  'teams.will_be_removed': 'Odstráni sa z tímu',
  'teams.will_be_withdrawn': 'Pozvánka bude zrušená',
  'teams.undo_remove': 'Ponechať',
  'teams.undo_withdraw': 'Ponechať',
  'teams.update_failed': 'Tím sa nepodarilo zmeniť',
  'teams.updated': 'Tím „{{name}}“ bol aktualizovaný.',

  // Dissolve and leave (spec §6)
  'teams.dissolve_title': 'Naozaj rozpustiť tím „{{name}}“?',
  'teams.dissolve_description':
    'Členovia okamžite stratia prístup a čakajúce pozvánky sa zrušia. Priečinok a všetko v ňom zostane vaše ako bežný priečinok v Mojich súboroch.',
  'teams.dissolve_failed': 'Tím sa nepodarilo rozpustiť',
  'teams.dissolved': 'Tím bol rozpustený: „{{name}}“ je opäť bežný priečinok v Mojich súboroch.',
  'teams.leave_title': 'Naozaj opustiť tím „{{name}}“?',
  'teams.leave_description':
    'Okamžite stratíte prístup k priečinku a jeho súborom. Ak sa budete chcieť vrátiť, vlastník vás musí znova pozvať.',
  'teams.leave_failed': 'Tím sa nepodarilo opustiť',
  'teams.left': 'Opustili ste tím „{{name}}“.',

  // Trash and real time
  'teams.trashed_to_owner_one':
    'Položka „{{name}}“ sa presunula do koša používateľa {{owner}}. Ak ju potrebujete späť, požiadajte vlastníka.',
  'teams.trashed_to_owner_few':
    '{{count}} položky sa presunuli do koša používateľa {{owner}}. Ak ich potrebujete späť, požiadajte vlastníka.',
  'teams.trashed_to_owner_many':
    '{{count}} položky sa presunulo do koša používateľa {{owner}}. Ak ich potrebujete späť, požiadajte vlastníka.',
  'teams.trashed_to_owner_other':
    '{{count}} položiek sa presunulo do koša používateľa {{owner}}. Ak ich potrebujete späť, požiadajte vlastníka.',
  'teams.trashed_to_owner_unnamed_one':
    'Položka „{{name}}“ sa presunula do koša vlastníka tímu. Ak ju potrebujete späť, požiadajte ho.',
  'teams.trashed_to_owner_unnamed_few':
    '{{count}} položky sa presunuli do koša vlastníka tímu. Ak ich potrebujete späť, požiadajte ho.',
  'teams.trashed_to_owner_unnamed_many':
    '{{count}} položky sa presunulo do koša vlastníka tímu. Ak ich potrebujete späť, požiadajte ho.',
  'teams.trashed_to_owner_unnamed_other':
    '{{count}} položiek sa presunulo do koša vlastníka tímu. Ak ich potrebujete späť, požiadajte ho.',
  'teams.access_ended.removed': 'Boli ste odstránení z tímu „{{name}}“: už s vami nie je zdieľaný.',
  'teams.access_ended.dissolved': 'Vlastník rozpustil tím „{{name}}“: už s vami nie je zdieľaný.',
  'teams.access_ended.left': 'Opustili ste tím „{{name}}“.',
  'teams.back_to_top.team-folders': 'Späť na Tímové priečinky',
  'teams.back_to_top.shared-with-me': 'Späť na Zdieľané so mnou',
  'nav.team_folders_empty': 'Zatiaľ žiadne tímové priečinky',
  'nav.shared_with_me_empty': 'Zatiaľ nič zdieľané',

  // The invitation page (/team-folder-invitation/{id})
  'invitation.kicker': 'Pozvánka do tímového priečinka',
  'invitation.invites_can_edit':
    '{{name}} vás pozýva pridávať, upravovať a usporadúvať súbory v priečinku „{{folder}}“.',
  'invitation.invites_can_view': '{{name}} vás pozýva zobrazovať a sťahovať súbory v priečinku „{{folder}}“.',
  'invitation.sent_to': 'Táto pozvánka je určená pre {{email}}.',
  'invitation.accept': 'Prijať a otvoriť',
  'invitation.decline': 'Odmietnuť',
  'invitation.joined': 'Pripojili ste sa k priečinku „{{name}}“. Nájdete ho v časti Zdieľané so mnou.',
  'invitation.declined': 'Pozvánku ste odmietli. Ak si to rozmyslíte, vlastník vás môže pozvať znova.',
  'invitation.go_to_files': 'Prejsť na moje súbory',
  'invitation.go_to_shared': 'Prejsť na Zdieľané so mnou',
  'invitation.other_account':
    'Ste prihlásení ako {{current}}, ale táto pozvánka je určená pre {{email}}. Ak na ňu chcete odpovedať, odhláste sa a prihláste sa s týmto e-mailom.',
  'invitation.switch_account': 'Odhlásiť sa a prepnúť',
  'invitation.guest_sign_in': 'Ak chcete pozvánku prijať alebo odmietnuť, prihláste sa ako {{email}}.',
  'invitation.guest_join': 'Ak sa chcete pripojiť k tímu, vytvorte si účet s e-mailom {{email}}. Zaberie to minútu.',
  'invitation.guest_no_registration':
    'Tento server neprijíma nové účty. Ak máte účet s e-mailom {{email}}, prihláste sa a odpovedzte na pozvánku.',
  'invitation.sign_in': 'Prihlásiť sa a odpovedať',
  'invitation.join': 'Pripojiť sa a vytvoriť účet',
  'invitation.have_account': 'Už mám účet',
  'invitation.gone_title': 'Túto pozvánku už nemožno použiť',
  'invitation.gone_description':
    'Už bola prijatá alebo odmietnutá, prípadne ju vlastník zrušil. Ak prístup stále potrebujete, požiadajte ho o novú pozvánku.',
  'invitation.missing_title': 'Pozvánka sa nenašla',
  'invitation.missing_description': 'Taká pozvánka neexistuje. Skontrolujte, či ste z e-mailu otvorili celý odkaz.',
  'invitation.failed_title': 'Pozvánku nemožno zobraziť',
  'notifications.invitation_gone': 'Túto pozvánku už nemožno použiť: bola zodpovedaná alebo zrušená.',

  // Errors (stable codes of errors.ts)
  'errors.teams.member_limit': 'Dosiahli ste limit členov tímu vo svojom pláne.',
  'errors.teams.restricted': 'Váš účet momentálne nemôže vytvárať tímové priečinky.',
  'errors.teams.not_team_folder': 'Tento priečinok nie je tímový priečinok.',
  'errors.teams.already_team_folder': 'Tento priečinok už je tímový priečinok.',
  'errors.teams.nested': 'Tímový priečinok nemôže byť v inom tímovom priečinku.',
  'errors.teams.owner_only': 'Toto môže urobiť iba vlastník tímu.',
  'errors.teams.not_member': 'Nie ste členom tohto tímu.',
  'errors.teams.invite_self': 'Nemôžete pozvať sami seba.',
  'errors.teams.move_across': 'Položky možno presúvať iba v rámci tímového priečinka.',
  'errors.teams.invitation_gone': 'Túto pozvánku už nemožno použiť.',
  'errors.teams.invitation_other_account': 'Táto pozvánka je určená pre iný účet.',
};
