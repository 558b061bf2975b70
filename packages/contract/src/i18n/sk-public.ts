/** Slovak strings of the pages opened from links: shared folders and files, upload requests. */
export const skPublic: Record<string, string> = {
  // Frame
  'public.my_files': 'Moje súbory',
  'public.from_owner': 'Od: {{name}}',
  'public.load_failed_title': 'Tento odkaz sa nepodarilo otvoriť',
  'public.folders_of_link': 'Priečinky tohto odkazu',

  // Share links
  'public.shared_by': 'Zdieľa: {{name}}',
  'public.can_view': 'Zobrazenie a sťahovanie',
  'public.can_edit': 'Pridávanie a úprava súborov',
  'public.a_folder': 's vami zdieľa priečinok',
  'public.a_file': 's vami zdieľa súbor',
  'public.expires_now': 'Platnosť vyprší teraz',
  'public.expires_in_minutes_one': 'Platnosť vyprší o {{count}} minútu',
  'public.expires_in_minutes_few': 'Platnosť vyprší o {{count}} minúty',
  'public.expires_in_minutes_many': 'Platnosť vyprší o {{count}} minúty',
  'public.expires_in_minutes_other': 'Platnosť vyprší o {{count}} minút',
  'public.expires_in_hours_one': 'Platnosť vyprší o {{count}} hodinu',
  'public.expires_in_hours_few': 'Platnosť vyprší o {{count}} hodiny',
  'public.expires_in_hours_many': 'Platnosť vyprší o {{count}} hodiny',
  'public.expires_in_hours_other': 'Platnosť vyprší o {{count}} hodín',
  'public.expires_on': 'Platnosť vyprší {{date}}',
  'public.share_revoked_title': 'Tento odkaz bol odstránený',
  'public.share_revoked_description':
    'Zdieľanie bolo ukončené. Ak súbory stále potrebujete, požiadajte odosielateľa o nový odkaz.',
  'public.share_expired_title': 'Platnosť tohto odkazu vypršala',
  'public.share_expired_description': 'Zdieľané súbory už cez tento odkaz nie sú dostupné. Požiadajte o nový odkaz.',
  'public.share_expired_description_named':
    'Súbory zdieľané používateľom {{name}} už cez tento odkaz nie sú dostupné. Požiadajte používateľa {{name}} o nový odkaz.',
  'public.password_title': 'Zadajte heslo',
  'public.password_description': '{{name}} chráni tento odkaz heslom. Zadajte ho a otvorte zdieľaný obsah.',
  'public.unlock': 'Otvoriť',
  'public.wrong_password': 'Heslo nie je správne. Skontrolujte ho a skúste to znova.',
  'public.too_many_attempts_one': 'Príliš veľa pokusov. Počkajte {{count}} sekundu a skúste to znova.',
  'public.too_many_attempts_few': 'Príliš veľa pokusov. Počkajte {{count}} sekundy a skúste to znova.',
  'public.too_many_attempts_many': 'Príliš veľa pokusov. Počkajte {{count}} sekundy a skúste to znova.',
  'public.too_many_attempts_other': 'Príliš veľa pokusov. Počkajte {{count}} sekúnd a skúste to znova.',
  'public.download_all': 'Stiahnuť všetko',
  'public.download_selected_one': 'Stiahnuť',
  'public.download_selected_few': 'Stiahnuť {{count}} položky',
  'public.download_selected_many': 'Stiahnuť {{count}} položky',
  'public.download_selected_other': 'Stiahnuť {{count}} položiek',
  'public.download_file': 'Stiahnuť',
  'public.full_screen': 'Otvoriť na celú obrazovku',
  'public.size': 'Veľkosť',
  'public.type': 'Typ',
  'public.added': 'Pridané',
  'public.type_image': 'Obrázok {{ext}}',
  'public.type_video': 'Video {{ext}}',
  'public.type_audio': 'Zvukový súbor {{ext}}',
  'public.type_document': 'Dokument {{ext}}',
  'public.empty_visitor': 'V tomto priečinku zatiaľ nič nie je.',
  'public.empty_editor':
    'Presuňte sem súbory, nahrajte ich alebo vytvorte priečinok. Všetko sa uloží priamo k používateľovi {{name}}.',
  'public.missing_description': 'Od zdieľania odkazu mohol byť presunutý, premenovaný alebo odstránený.',
  'public.back_to_folder': 'Späť do priečinka {{name}}',
  'public.remove': 'Odstrániť',
  'public.remove_title_one': 'Odstrániť „{{name}}“?',
  'public.remove_title_few': 'Odstrániť {{count}} položky?',
  'public.remove_title_many': 'Odstrániť {{count}} položky?',
  'public.remove_title_other': 'Odstrániť {{count}} položiek?',
  'public.remove_share_description_one':
    'Položka sa presunie do koša používateľa {{owner}}. Obnoviť ju odtiaľ môže iba {{owner}}.',
  'public.remove_share_description_few':
    'Položky sa presunú do koša používateľa {{owner}}. Obnoviť ich odtiaľ môže iba {{owner}}.',
  'public.remove_share_description_many':
    'Položky sa presunú do koša používateľa {{owner}}. Obnoviť ich odtiaľ môže iba {{owner}}.',
  'public.remove_share_description_other':
    'Položky sa presunú do koša používateľa {{owner}}. Obnoviť ich odtiaľ môže iba {{owner}}.',
  'public.remove_description_one':
    'Položka sa presunie do koša používateľa {{owner}} a nebude súčasťou toho, čo posielate.',
  'public.remove_description_few':
    'Položky sa presunú do koša používateľa {{owner}} a nebudú súčasťou toho, čo posielate.',
  'public.remove_description_many':
    'Položky sa presunú do koša používateľa {{owner}} a nebudú súčasťou toho, čo posielate.',
  'public.remove_description_other':
    'Položky sa presunú do koša používateľa {{owner}} a nebudú súčasťou toho, čo posielate.',
  'public.removed_one': 'Položka „{{name}}“ bola odstránená',
  'public.removed_few': 'Odstránili sa {{count}} položky',
  'public.removed_many': 'Odstránilo sa {{count}} položky',
  'public.removed_other': 'Odstránilo sa {{count}} položiek',

  // Upload requests
  'public.request_heading': '{{name}} vás žiada o nahratie súborov',
  'public.request_message': 'Správa od používateľa {{name}}',
  'public.request_root': 'Nahrané súbory',
  'public.drop_here': 'Presuňte sem súbory a priečinky',
  'public.choose_files': 'Vybrať, čo odoslať',
  'public.request_hint': 'Súbory akéhokoľvek typu alebo celé priečinky.',
  'public.goes_into': 'Uložia sa do priečinka „{{name}}“.',
  'public.uploaded_so_far': 'Doteraz nahrané',
  'public.nothing_uploaded': 'Zatiaľ nič nie je nahrané',
  'public.nothing_uploaded_hint':
    'Nahrané súbory sa zobrazia tu. Kým neskončíte, môžete ich premenovať, usporiadať alebo odstrániť.',
  'public.done': 'Hotovo',
  'public.done_hint': 'Po stlačení dostane {{name}} upozornenie.',
  'public.done_title': 'Dokončili ste nahrávanie?',
  'public.done_description':
    '{{name}} dostane správu, že vaše súbory sú pripravené. Potom už odkaz ďalšie súbory neprijme.',
  'public.done_confirm': 'Áno, hotovo',
  'public.keep_uploading': 'Pokračovať v nahrávaní',
  'public.still_uploading_title': 'Súbory sa ešte nahrávajú',
  'public.still_uploading': 'Počkajte, kým sa nahrajú všetky súbory, a potom stlačte „Hotovo“.',
  'public.thanks_title': 'Ďakujeme!',
  'public.thanks_description': '{{name}} už vie, že vaše súbory sú pripravené. Túto stránku môžete zavrieť.',
  'public.request_filled_title': 'Ďakujeme, táto žiadosť je vybavená',
  'public.request_filled_description':
    'Súbory odoslané cez tento odkaz už má {{name}} k dispozícii. Ak chcete poslať ďalšie, požiadajte používateľa {{name}} o nový odkaz.',
  'public.request_expired_title': 'Platnosť tejto žiadosti vypršala',
  'public.request_expired_description': 'Už neprijíma súbory. Požiadajte o nový odkaz.',
  'public.request_expired_description_named': 'Už neprijíma súbory. Požiadajte používateľa {{name}} o nový odkaz.',

  // Errors of link calls (contract errors.ts)
  'errors.share.expired': 'Platnosť tohto odkazu vypršala.',
  'errors.share.revoked': 'Tento odkaz bol odstránený.',
  'errors.share.locked': 'Tento odkaz znova vyžaduje heslo.',
  'errors.share.wrong_password': 'Heslo nie je správne.',
  'errors.share.read_only': 'Tento odkaz umožňuje iba zobrazenie a sťahovanie.',
  'errors.request.closed': 'Táto žiadosť už neprijíma súbory.',
};
