/** German strings of the pages opened from links: shared folders and files, upload requests. */
export const dePublic: Record<string, string> = {
  // Frame
  'public.my_files': 'Meine Dateien',
  'public.from_owner': 'Von {{name}}',
  'public.load_failed_title': 'Dieser Link konnte nicht geöffnet werden',
  'public.folders_of_link': 'Ordner dieses Links',

  // Share links
  'public.shared_by': 'Geteilt von {{name}}',
  'public.can_view': 'Ansehen und herunterladen',
  'public.can_edit': 'Kann Dateien hinzufügen und ändern',
  'public.a_folder': 'hat einen Ordner mit Ihnen geteilt',
  'public.a_file': 'hat eine Datei mit Ihnen geteilt',
  'public.expires_now': 'Läuft jetzt ab',
  'public.expires_in_minutes_one': 'Läuft in {{count}} Minute ab',
  'public.expires_in_minutes_other': 'Läuft in {{count}} Minuten ab',
  'public.expires_in_hours_one': 'Läuft in {{count}} Stunde ab',
  'public.expires_in_hours_other': 'Läuft in {{count}} Stunden ab',
  'public.expires_on': 'Läuft am {{date}} ab',
  'public.share_revoked_title': 'Dieser Link wurde entfernt',
  'public.share_revoked_description':
    'Die Person, die ihn geteilt hat, hat die Freigabe beendet. Wenn Sie die Dateien noch benötigen, bitten Sie sie um einen neuen Link.',
  'public.share_expired_title': 'Dieser Link ist abgelaufen',
  'public.share_expired_description':
    'Die geteilten Dateien sind über diesen Link nicht mehr verfügbar. Bitten Sie um einen neuen Link.',
  'public.share_expired_description_named':
    'Die von {{name}} geteilten Dateien sind über diesen Link nicht mehr verfügbar. Bitten Sie {{name}} um einen neuen Link.',
  'public.password_title': 'Passwort eingeben',
  'public.password_description':
    '{{name}} hat diesen Link mit einem Passwort geschützt. Geben Sie es ein, um die geteilten Inhalte zu öffnen.',
  'public.unlock': 'Öffnen',
  'public.wrong_password': 'Das Passwort ist nicht korrekt. Überprüfen Sie es und versuchen Sie es erneut.',
  'public.too_many_attempts_one': 'Zu viele Versuche. Warten Sie {{count}} Sekunde und versuchen Sie es erneut.',
  'public.too_many_attempts_other': 'Zu viele Versuche. Warten Sie {{count}} Sekunden und versuchen Sie es erneut.',
  'public.download_all': 'Alle herunterladen',
  'public.download_selected_one': 'Herunterladen',
  'public.download_selected_other': '{{count}} Elemente herunterladen',
  'public.download_file': 'Herunterladen',
  'public.full_screen': 'Im Vollbild öffnen',
  'public.size': 'Größe',
  'public.type': 'Typ',
  'public.added': 'Hinzugefügt',
  'public.type_image': '{{ext}}-Bild',
  'public.type_video': '{{ext}}-Video',
  'public.type_audio': '{{ext}}-Audio',
  'public.type_document': '{{ext}}-Dokument',
  'public.empty_visitor': 'In diesem Ordner liegt noch nichts.',
  'public.empty_editor':
    'Legen Sie Dateien hier ab, laden Sie welche hoch oder erstellen Sie einen Ordner. Sie landen direkt bei {{name}}.',
  'public.missing_description':
    'Möglicherweise wurde es verschoben, umbenannt oder entfernt, seit der Link geteilt wurde.',
  'public.back_to_folder': 'Zurück zu {{name}}',
  'public.remove': 'Entfernen',
  'public.remove_title_one': '„{{name}}“ entfernen?',
  'public.remove_title_other': '{{count}} Elemente entfernen?',
  'public.remove_share_description_one':
    'Es wird in den Papierkorb von {{owner}} verschoben. Nur {{owner}} kann es von dort wiederherstellen.',
  'public.remove_share_description_other':
    'Sie werden in den Papierkorb von {{owner}} verschoben. Nur {{owner}} kann sie von dort wiederherstellen.',
  'public.remove_description_one':
    'Es wird in den Papierkorb von {{owner}} verschoben und ist nicht Teil Ihrer Sendung.',
  'public.remove_description_other':
    'Sie werden in den Papierkorb von {{owner}} verschoben und sind nicht Teil Ihrer Sendung.',
  'public.removed_one': '„{{name}}“ wurde entfernt',
  'public.removed_other': '{{count}} Elemente wurden entfernt',

  // Upload requests
  'public.request_heading': '{{name}} bittet Sie, Dateien hochzuladen',
  'public.request_message': 'Nachricht von {{name}}',
  'public.request_root': 'Uploads',
  'public.drop_here': 'Dateien und Ordner hierher ziehen',
  'public.choose_files': 'Dateien auswählen',
  'public.request_hint': 'Dateien jeder Art oder ganze Ordner.',
  'public.goes_into': 'Sie landen in „{{name}}“.',
  'public.uploaded_so_far': 'Bisher hochgeladen',
  'public.nothing_uploaded': 'Noch nichts hochgeladen',
  'public.nothing_uploaded_hint':
    'Was Sie hochladen, erscheint hier. Bis Sie fertig sind, können Sie es umbenennen, ordnen oder entfernen.',
  'public.done': 'Ich bin fertig',
  'public.done_hint': '{{name}} wird benachrichtigt, sobald Sie darauf klicken.',
  'public.done_title': 'Upload abgeschlossen?',
  'public.done_description':
    '{{name}} erfährt, dass Ihre Dateien bereitstehen. Danach nimmt der Link keine weiteren Dateien mehr an.',
  'public.done_confirm': 'Ja, ich bin fertig',
  'public.keep_uploading': 'Weiter hochladen',
  'public.still_uploading_title': 'Dateien werden noch hochgeladen',
  'public.still_uploading': 'Warten Sie, bis alle Dateien angekommen sind, und klicken Sie dann auf „Ich bin fertig“.',
  'public.thanks_title': 'Vielen Dank!',
  'public.thanks_description':
    '{{name}} wurde mitgeteilt, dass Ihre Dateien bereitstehen. Sie können diese Seite jetzt schließen.',
  'public.request_filled_title': 'Danke, diese Anfrage ist abgeschlossen',
  'public.request_filled_description':
    '{{name}} hat die über diesen Link gesendeten Dateien bereits erhalten. Um weitere zu senden, bitten Sie {{name}} um einen neuen Link.',
  'public.request_expired_title': 'Diese Anfrage ist abgelaufen',
  'public.request_expired_description': 'Sie nimmt keine Dateien mehr an. Bitten Sie um einen neuen Link.',
  'public.request_expired_description_named':
    'Sie nimmt keine Dateien mehr an. Bitten Sie {{name}} um einen neuen Link.',

  // Errors of link calls (contract errors.ts)
  'errors.share.expired': 'Dieser Link ist abgelaufen.',
  'errors.share.revoked': 'Dieser Link wurde entfernt.',
  'errors.share.locked': 'Dieser Link verlangt erneut sein Passwort.',
  'errors.share.wrong_password': 'Das Passwort ist nicht korrekt.',
  'errors.share.read_only': 'Über diesen Link können Sie nur ansehen und herunterladen.',
  'errors.request.closed': 'Diese Anfrage nimmt keine Dateien mehr an.',
};
