/** German strings of team folders, Shared with Me and team invitations (issue 14, ADR 0029). */
export const deTeams: Record<string, string> = {
  // Screens
  'teams.empty_title': 'Noch keine Teamordner',
  'teams.empty_description':
    'Ein Teamordner ist ein Ordner, den Sie mit eingeladenen Personen teilen: Sie können Dateien hinzufügen und bearbeiten oder nur ansehen. Sie können auch einen Ordner aus „Meine Dateien“ in einen Teamordner umwandeln.',
  'teams.empty_editor': 'Laden Sie Dateien hoch oder erstellen Sie einen Ordner: Alle im Team sehen sie hier.',
  'teams.empty_viewer':
    'Hier ist noch nichts. Personen, die diesen Teamordner bearbeiten dürfen, fügen die Dateien hinzu.',
  'shared_with_me.empty_title': 'Noch nichts mit Ihnen geteilt',
  'shared_with_me.empty_description':
    'Wenn Sie jemand in einen Teamordner einlädt und Sie annehmen, erscheint er hier. Einladungen erhalten Sie in Ihren Benachrichtigungen und per E-Mail.',
  'teams.role_line.owner': 'Sie sind Eigentümer dieses Teams',
  'teams.role_line.can_edit': 'Sie können bearbeiten',
  'teams.role_line.can_view': 'Sie können nur ansehen',
  'teams.members_count_one': '{{count}} Person',
  'teams.members_count_other': '{{count}} Personen',
  'teams.members_label': 'Mitglieder: {{names}}',
  'teams.members_label_one': 'Mitglieder: {{names}}',
  'teams.members_label_more_one': 'Mitglieder: {{names}} und {{count}} weitere Person',
  'teams.members_label_more_other': 'Mitglieder: {{names}} und {{count}} weitere',
  'teams.is_team_folder': 'Teamordner',
  'teams.in_team': 'Im Team {{name}}',
  'teams.info.members': 'Mitglieder',
  'teams.info.uploaded_by': 'Hochgeladen von',
  'teams.info.created_by': 'Erstellt von',
  'teams.info.team': 'Team',
  'teams.info.you': '{{name}} (Sie)',

  // Actions
  'teams.manage': 'Team verwalten',
  'teams.convert': 'In Teamordner umwandeln',
  'teams.dissolve': 'Team auflösen',
  'teams.leave': 'Team verlassen',
  'teams.remove': 'Entfernen',
  'teams.withdraw': 'Zurückziehen',
  'teams.save': 'Änderungen speichern',
  'teams.permission.owner': 'Eigentümer',
  'teams.permission.can_edit': 'Kann bearbeiten',
  'teams.permission.can_view': 'Kann ansehen',
  'teams.permission_of': 'Berechtigung von {{name}}',

  // Create and convert (spec §2 create-team-folder)
  'teams.create_title': 'Neuer Teamordner',
  'teams.create_description':
    'Erstellen Sie einen Ordner und laden Sie die Personen ein, die darin mit Ihnen arbeiten.',
  'teams.create_submit': 'Teamordner erstellen',
  'teams.default_name': 'Teamordner',
  'teams.create_failed': 'Der Teamordner wurde nicht erstellt',
  'teams.created': 'Teamordner „{{name}}“ erstellt.',
  'teams.created_invited_one': 'Teamordner „{{name}}“ erstellt; {{count}} Einladung gesendet.',
  'teams.created_invited_other': 'Teamordner „{{name}}“ erstellt; {{count}} Einladungen gesendet.',
  'teams.create_disabled_title': 'Das Erstellen von Teamordnern ist vorübergehend deaktiviert',
  'teams.create_disabled':
    'Ihr Konto kann derzeit keine Teamordner erstellen. Prüfen Sie Ihr Abonnement unter „Abrechnung“.',
  'teams.convert_title': 'In einen Teamordner umwandeln',
  'teams.convert_description':
    'Laden Sie Personen in diesen Ordner ein. Er bleibt mit seinem gesamten Inhalt, wo er ist.',
  'teams.convert_note':
    'Alle Eingeladenen sehen sämtliche Dateien und Ordner darin. Was Mitglieder hinzufügen, wird auf Ihren Speicherplatz angerechnet.',
  'teams.convert_submit': 'Umwandeln und einladen',
  'teams.convert_failed': 'Der Ordner wurde nicht umgewandelt',
  'teams.converted': '„{{name}}“ ist jetzt ein Teamordner.',
  'teams.converted_invited_one': '„{{name}}“ ist jetzt ein Teamordner; {{count}} Einladung gesendet.',
  'teams.converted_invited_other': '„{{name}}“ ist jetzt ein Teamordner; {{count}} Einladungen gesendet.',

  // Invitations in the popups
  'teams.invite_people': 'Personen einladen',
  'teams.invite_email': 'E-Mail-Adresse der einzuladenden Person',
  'teams.invite_placeholder': 'name@example.com',
  'teams.invite_permission': 'Berechtigung der einzuladenden Person',
  'teams.invite_add': 'Hinzufügen',
  'teams.invite_added': '{{email}} zu den Einladungen hinzugefügt.',
  'teams.invite_remove': '{{email}} nicht einladen',
  'teams.invite_required': 'Geben Sie zuerst eine E-Mail-Adresse ein.',
  'teams.invite_self': 'Das ist Ihre eigene E-Mail-Adresse: Sie sind bereits im Team.',
  'teams.invite_duplicate': 'Diese Person ist bereits im Team oder eingeladen.',
  'teams.new_invitations': 'Neue Einladungen',
  'teams.limit_hint_one': 'Ihr Tarif erlaubt die Zusammenarbeit mit bis zu {{count}} Person in Ihren Teams.',
  'teams.limit_hint_other': 'Ihr Tarif erlaubt die Zusammenarbeit mit bis zu {{count}} Personen in Ihren Teams.',
  'teams.member_limit_one':
    'Sie haben das Limit Ihres Tarifs von {{count}} Teammitglied erreicht. Entfernen Sie jemanden oder wechseln Sie zu einem größeren Tarif, um weitere einzuladen.',
  'teams.member_limit_other':
    'Sie haben das Limit Ihres Tarifs von {{count}} Teammitgliedern erreicht. Entfernen Sie jemanden oder wechseln Sie zu einem größeren Tarif, um weitere einzuladen.',
  'teams.member_limit_zero':
    'Ihr Tarif enthält keine Teammitglieder. Wechseln Sie zu einem größeren Tarif, um Personen einzuladen.',

  // Update (spec §2 update-team-folder)
  'teams.update_title': '„{{name}}“ verwalten',
  'teams.update_description': 'Ändern Sie, was jede Person darf, entfernen Sie Personen oder laden Sie weitere ein.',
  'teams.members': 'Mitglieder',
  'teams.pending': 'Warten auf Antwort',
  'teams.invited_waiting': 'Eingeladen, noch keine Antwort',
  'teams.remove_member': '{{name}} aus dem Team entfernen',
  'teams.withdraw_invitation': 'Einladung an {{email}} zurückziehen',
  'teams.will_be_removed': 'Wird entfernt',
  'teams.will_be_withdrawn': 'Die Einladung wird zurückgezogen',
  'teams.undo_remove': 'Behalten',
  'teams.undo_withdraw': 'Behalten',
  'teams.update_failed': 'Das Team wurde nicht geändert',
  'teams.updated': 'Team „{{name}}“ aktualisiert.',

  // Dissolve and leave (spec §6)
  'teams.dissolve_title': 'Team „{{name}}“ wirklich auflösen?',
  'teams.dissolve_description':
    'Mitglieder verlieren sofort den Zugriff, und offene Einladungen werden zurückgezogen. Der Ordner und sein gesamter Inhalt bleiben Ihnen als normaler Ordner in „Meine Dateien“ erhalten.',
  'teams.dissolve_failed': 'Das Team wurde nicht aufgelöst',
  'teams.dissolved': 'Team aufgelöst: „{{name}}“ ist wieder ein normaler Ordner in „Meine Dateien“.',
  'teams.leave_title': 'Team „{{name}}“ wirklich verlassen?',
  'teams.leave_description':
    'Sie verlieren sofort den Zugriff auf den Ordner und seine Dateien. Um zurückzukehren, muss der Eigentümer Sie erneut einladen.',
  'teams.leave_failed': 'Sie haben das Team nicht verlassen',
  'teams.left': 'Sie haben „{{name}}“ verlassen.',

  // Trash and real time
  'teams.trashed_to_owner_one':
    '„{{name}}“ wurde in den Papierkorb von {{owner}} verschoben. Fragen Sie dort nach, wenn Sie es zurückbrauchen.',
  'teams.trashed_to_owner_other':
    '{{count}} Elemente wurden in den Papierkorb von {{owner}} verschoben. Fragen Sie dort nach, wenn Sie sie zurückbrauchen.',
  'teams.trashed_to_owner_unnamed_one':
    '„{{name}}“ wurde in den Papierkorb des Team-Eigentümers verschoben. Fragen Sie dort nach, wenn Sie es zurückbrauchen.',
  'teams.trashed_to_owner_unnamed_other':
    '{{count}} Elemente wurden in den Papierkorb des Team-Eigentümers verschoben. Fragen Sie dort nach, wenn Sie sie zurückbrauchen.',
  'teams.access_ended.removed': 'Sie wurden aus dem Team „{{name}}“ entfernt: Es ist nicht mehr mit Ihnen geteilt.',
  'teams.access_ended.dissolved':
    'Das Team „{{name}}“ wurde vom Eigentümer aufgelöst: Es ist nicht mehr mit Ihnen geteilt.',
  'teams.access_ended.left': 'Sie haben das Team „{{name}}“ verlassen.',
  'teams.back_to_top.team-folders': 'Zurück zu den Teamordnern',
  'teams.back_to_top.shared-with-me': 'Zurück zu „Mit mir geteilt“',
  'nav.team_folders_empty': 'Noch keine Teamordner',
  'nav.shared_with_me_empty': 'Noch nichts geteilt',

  // The invitation page (/team-folder-invitation/{id})
  'invitation.kicker': 'Einladung zu einem Teamordner',
  'invitation.invites_can_edit':
    '{{name}} lädt Sie ein, die Dateien von „{{folder}}“ hinzuzufügen, zu bearbeiten und zu ordnen.',
  'invitation.invites_can_view': '{{name}} lädt Sie ein, die Dateien von „{{folder}}“ anzusehen und herunterzuladen.',
  'invitation.sent_to': 'Diese Einladung ist für {{email}}.',
  'invitation.accept': 'Annehmen und öffnen',
  'invitation.decline': 'Ablehnen',
  'invitation.joined': 'Sie sind „{{name}}“ beigetreten. Sie finden es unter „Mit mir geteilt“.',
  'invitation.declined':
    'Sie haben die Einladung abgelehnt. Der Eigentümer kann Sie erneut einladen, falls Sie es sich anders überlegen.',
  'invitation.go_to_files': 'Zu meinen Dateien',
  'invitation.go_to_shared': 'Zu „Mit mir geteilt“',
  'invitation.other_account':
    'Sie sind als {{current}} angemeldet, aber diese Einladung ist für {{email}}. Melden Sie sich ab und mit dieser E-Mail-Adresse wieder an, um zu antworten.',
  'invitation.switch_account': 'Abmelden und wechseln',
  'invitation.guest_sign_in': 'Melden Sie sich als {{email}} an, um anzunehmen oder abzulehnen.',
  'invitation.guest_join': 'Erstellen Sie Ihr Konto mit {{email}}, um dem Team beizutreten. Es dauert nur eine Minute.',
  'invitation.guest_no_registration':
    'Dieser Server nimmt keine neuen Konten an. Wenn Sie ein Konto mit {{email}} haben, melden Sie sich an, um auf die Einladung zu antworten.',
  'invitation.sign_in': 'Anmelden und antworten',
  'invitation.join': 'Beitreten und Konto erstellen',
  'invitation.have_account': 'Ich habe ein Konto',
  'invitation.gone_title': 'Diese Einladung kann nicht mehr verwendet werden',
  'invitation.gone_description':
    'Sie wurde bereits angenommen oder abgelehnt, oder der Eigentümer hat sie zurückgezogen. Bitten Sie um eine erneute Einladung, wenn Sie noch Zugriff benötigen.',
  'invitation.missing_title': 'Einladung nicht gefunden',
  'invitation.missing_description':
    'Diese Einladung gibt es nicht. Prüfen Sie, ob Sie den vollständigen Link aus Ihrer E-Mail geöffnet haben.',
  'invitation.failed_title': 'Die Einladung kann nicht angezeigt werden',
  'notifications.invitation_gone':
    'Diese Einladung kann nicht mehr verwendet werden: Sie wurde beantwortet oder zurückgezogen.',

  // Errors (stable codes of errors.ts)
  'errors.teams.member_limit': 'Sie haben das Limit Ihres Tarifs für Teammitglieder erreicht.',
  'errors.teams.restricted': 'Ihr Konto kann derzeit keine Teamordner erstellen.',
  'errors.teams.not_team_folder': 'Dieser Ordner ist kein Teamordner.',
  'errors.teams.already_team_folder': 'Dieser Ordner ist bereits ein Teamordner.',
  'errors.teams.nested': 'Ein Teamordner kann nicht in einem anderen Teamordner liegen.',
  'errors.teams.owner_only': 'Nur der Eigentümer des Teams kann dies tun.',
  'errors.teams.not_member': 'Sie sind kein Mitglied dieses Teams.',
  'errors.teams.invite_self': 'Sie können sich nicht selbst einladen.',
  'errors.teams.move_across': 'Elemente können nur innerhalb des Teamordners verschoben werden.',
  'errors.teams.invitation_gone': 'Diese Einladung kann nicht mehr verwendet werden.',
  'errors.teams.invitation_other_account': 'Diese Einladung ist für ein anderes Konto.',
};
