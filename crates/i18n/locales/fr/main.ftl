### Corkboard : les mots du serveur : la langue elle-même, sa façon d'écrire les nombres,
### les titres de pages et les aperçus de liens, les flux, les courriels, et les phrases de ses
### erreurs et réponses. Mêmes identifiants que en/main.ftl ; « vous ».

## La langue, nommée en elle-même, et sa façon d'écrire les nombres : une espace fine insécable
## entre les groupes de trois chiffres, une virgule avant les décimales.

language-name = Français
number-group-separator = { "\u202F" }
number-decimal-separator = ,

## La langue qu'une personne choisit

error-locale-unknown = Cette langue n'est pas disponible : { $locale }.

## La page de chaque route (index.html), et son en-tête pour les aperçus de liens et les flux

page-description = Corkboard : votre propre tableau d'images.
page-noscript = Corkboard a besoin de JavaScript pour fonctionner.
manifest-description = Votre propre tableau d'images.
page-not-found = Introuvable
title-page = { $name } · { $site }
title-by-owner = { $name } par { $owner }
title-pin-by = Épingle de { $username }
title-pins-by = Épingles de { $name }

## Flux et oEmbed

error-no-such-feed = Ce flux n'existe pas.
error-nothing-to-embed = Il n'y a rien à intégrer à cette adresse.
oembed-json-only = Seul le format JSON est proposé.

## Courriels

mail-password-reset-subject = Réinitialisez votre mot de passe Corkboard
mail-password-reset-body =
    Quelqu'un a demandé à réinitialiser le mot de passe de votre compte Corkboard.

    Pour choisir un nouveau mot de passe, ouvrez ce lien { $hours ->
        [one] dans l'heure
       *[other] dans les { $hours } heures
    } :
    { $link }

    Si ce n'était pas vous, ignorez ce courriel : votre mot de passe reste le même.

mail-verification-subject = Vérifiez votre adresse e-mail pour Corkboard
mail-verification-body =
    Bienvenue sur Corkboard !

    Pour vérifier cette adresse e-mail, ouvrez ce lien { $hours ->
        [one] dans l'heure
       *[other] dans les { $hours } heures
    } :
    { $link }

    Si vous n'avez pas créé de compte Corkboard, ignorez ce courriel.

mail-sign-up-attempt-subject = Quelqu'un a tenté de s'inscrire avec votre adresse e-mail
mail-sign-up-attempt-body =
    Quelqu'un a tenté de créer un nouveau compte Corkboard avec cette adresse e-mail, qui en a déjà un.

    Si c'était vous, connectez-vous, ou réinitialisez votre mot de passe sur { $link }.
    Si ce n'était pas vous, ignorez ce courriel : rien n'a changé.

mail-password-changed-subject = Le mot de passe de votre compte Corkboard a été changé
mail-password-changed-body =
    Le mot de passe de votre compte Corkboard { $username } a été changé.

    Vos autres sessions ont été fermées, et les anciens liens de réinitialisation du mot de passe ne fonctionnent plus.
    { $keys }
    Si ce n'était pas vous, réinitialisez votre mot de passe sans attendre.
mail-password-changed-keys =
    { $count ->
        [one] Votre clé d'API a été révoquée : créez-en une nouvelle dans votre profil.
       *[other] Vos { $count } clés d'API ont été révoquées : créez-en de nouvelles dans votre profil.
    }


## Access: what does not exist, or may not be seen

error-no-access = Désolé, vous ne semblez pas avoir accès à ceci.
error-sign-in-required = Vous devez d'abord vous connecter.
error-admin-only = Seul un administrateur de cette instance peut faire ceci.
error-board-not-found = Ce tableau n'existe pas.
error-folder-not-found = Ce dossier n'existe pas.
error-pin-not-found = Cette épingle n'existe pas.
error-user-not-found = Cet utilisateur n'existe pas.
error-disk-full = Le serveur n'a plus d'espace disque : veuillez réessayer plus tard, ou prévenir son administrateur.
error-storage-unavailable = Le stockage est indisponible, réessayez.
error-internal = Désolé, quelque chose s'est mal passé sur le serveur.

## Forms: titles, texts, profiles

error-field-required = Ce champ est obligatoire.
error-text-too-long = { $max } caractères au maximum.
error-caption-required = Une légende est obligatoire.
error-rating-invalid = Une note est un nombre entier de 0 à 5.
error-profile-field-too-long = Ce texte est trop long.
error-profile-link-scheme = Les liens doivent commencer par http:// ou https://.

## Accounts: usernames, emails, passwords

error-username-required = Un nom d'utilisateur est obligatoire.
error-username-too-long = Un nom d'utilisateur compte au plus { $max } caractères.
error-username-characters = Le nom d'utilisateur contient des caractères non autorisés.
error-username-reserved = Ce nom d'utilisateur est réservé, choisissez-en un autre.
error-password-too-short = Un mot de passe doit compter au moins { $min } caractères.
error-email-invalid = Veuillez saisir une adresse e-mail valide.

## Pins and boards

error-private-picture = Cette image a été partagée avec vous en privé : épinglez-la sur un tableau privé.
error-colour-unknown = Il n'y a pas de couleur « { $name } » : choisissez parmi { $names }.

## Sign-up and sign-in

error-username-taken = Ce nom d'utilisateur est déjà pris.
error-email-not-usable = Cette adresse e-mail ne peut pas servir à s'inscrire. Si elle est à vous, nous lui avons envoyé un message.
error-email-taken = Un compte existe déjà avec cette adresse e-mail.

## Pictures and files

error-file-too-large = Ce fichier est trop volumineux : { $amount } { $unit ->
        [GiB] Gio
        [MiB] Mio
       *[KiB] Kio
    } au maximum.
error-file-too-large-plain = Ce fichier est trop volumineux.
error-not-a-picture = Ce fichier n'est pas une image que nous savons lire (JPEG, PNG, GIF ou WebP).
error-picture-damaged = Cette image est endommagée ou incomplète et ne peut pas être lue.
error-picture-too-many-pixels = Cette image est trop grande : { $megapixels } mégapixels, { $max } au maximum.
error-picture-header-lies = Cette image est endommagée : son fichier est bien trop petit pour contenir les { $width } × { $height } pixels qu'il annonce.
error-picture-too-large-for-jpeg = Cette image est trop grande pour être enregistrée en JPEG.

## Fetching from the web

error-address-invalid = Veuillez indiquer une adresse web commençant par http:// ou https://.
error-address-too-long = Cette adresse web est trop longue : { $max } caractères au maximum.
error-address-private = Cette adresse est sur un réseau privé : Corkboard ne télécharge que depuis l'internet public.
error-site-status = Le site a répondu par l'erreur { $status } : rien n'a pu être téléchargé.
error-site-too-slow = Le site a mis trop de temps à répondre.
error-too-many-redirects = Cette adresse redirige trop de fois.
error-host-not-found = Aucun site ne répond à cette adresse.
error-site-unreachable = Le site n'a pas pu être joint.
error-token-redirected = Cette adresse redirige ailleurs, et le jeton d'API n'est envoyé qu'à l'adresse indiquée : veuillez donner l'adresse vers laquelle elle redirige.
error-download-too-large = Ce téléchargement est trop volumineux : { $amount } { $unit ->
        [GiB] Gio
        [MiB] Mio
       *[KiB] Kio
    } au maximum.
error-server-restarting = Le serveur redémarre : veuillez réessayer dans un instant.

## Imports: bookmark files, Pinry, folders on the server

error-bookmarks-empty = Ce fichier ne contient aucun favori à importer : exportez vos favoris ou vos épingles dans un fichier de favoris HTML.
error-bookmarks-too-many-tags = Ce fichier contient plus de { $max } balises : ce n'est pas un fichier de favoris que ce serveur sait lire.
error-bookmarks-too-deep = Ce fichier imbrique des dossiers sur plus de { $max } niveaux : ce n'est pas un fichier de favoris que ce serveur sait lire.
error-folder-no-pictures = Ce dossier ne contient aucune image (fichiers JPEG, PNG, GIF ou WebP).
error-import-not-found = Cet import n'existe pas.
error-import-too-many = Il y a { $count } images à importer : { $max } au maximum à la fois.
error-file-unreadable = { $path } ne peut pas être lu : { $error }.
error-pinry-no-pins = Cet utilisateur de Pinry n'a aucune épingle à importer (les privées demandent le jeton d'API).
error-pinry-not-pinry = Cette adresse ne répond pas comme le fait une instance Pinry.
import-source-pinry = Pinry sur { $origin }

## Imports: the items of a job

error-page-no-picture = Aucune image n'a été trouvée sur cette page.
error-bookmark-no-address = Ce favori n'a pas d'adresse.

## Sign-up: registration modes, invite links, the first account

error-sign-up-closed = Les inscriptions sont fermées sur ce Corkboard : demandez un compte à son administrateur.
error-sign-up-closed-first = Les inscriptions sont fermées sur ce Corkboard. Son exploitant crée le premier compte sur le serveur : `corkboard admin create-user NOM EMAIL --admin`.
error-sign-up-by-invite = Sur ce Corkboard, on s'inscrit sur invitation : ouvrez le lien d'invitation qu'un administrateur vous a envoyé.
error-invite-unknown = Ce lien d'invitation n'est pas valide : demandez-en un nouveau.
error-invite-used = Ce lien d'invitation a déjà servi : demandez-en un nouveau.
error-invite-expired = Ce lien d'invitation a expiré : demandez-en un nouveau.
error-setup-code-needed = Saisissez le code d'installation pour créer le premier compte.
error-setup-code-wrong = Ce n'est pas le code d'installation : copiez-le depuis le journal du serveur.
error-invite-needs-public-url = Définissez public_url dans les réglages pour que les liens d'invitation mènent à ce serveur.
error-invite-days = Un lien d'invitation fonctionne de 1 à { $max } jours.
error-invite-not-found = Ce lien d'invitation n'existe pas.

## The operator at the machine (command line)

error-setup-code-has-first-account = Ce Corkboard a son premier compte : aucun code d'installation n'est plus nécessaire.
error-setup-code-sign-up-closed = Les inscriptions sont fermées : créez le premier compte avec `corkboard admin create-user NOM EMAIL --admin`.
error-setup-code-not-needed = Aucun code d'installation n'est nécessaire : ce Corkboard écoute sur une adresse locale sans public_url, et le premier à s'inscrire en devient l'administrateur.
error-no-account-named = Il n'y a aucun compte nommé { $username }.
error-backup-failed = La sauvegarde a échoué : { $error }
error-export-no-user = aucun utilisateur { $username }
error-export-no-user-id = utilisateur { $id }
error-import-no-user = Il n'y a aucun utilisateur { $username }.

## Who may change what

error-owner-only-board = Seul son propriétaire peut modifier ce tableau.
error-owner-only-folder = Seul son propriétaire peut modifier ce dossier.
error-owner-only-pin = Seul son propriétaire peut modifier cette épingle.
error-foreign-origin = Veuillez vous connecter depuis les pages de Corkboard.
error-metrics-need-admin-key = Les métriques se lisent avec la clé d'API d'un administrateur (Authorization: Bearer).

## Pinning from the web

error-address-no-page-no-picture = Cette adresse ne montre ni une page web ni une image.
error-address-is-a-page = Cette adresse montre une page web, pas une image.
error-referer-invalid = La page où l'image a été trouvée n'a pas d'adresse web valide.
error-temp-pin-gone = Cette image a expiré ou a déjà été épinglée : veuillez l'ajouter à nouveau.
error-picture-needs-too-much-memory = Cette image est trop grande pour que ce serveur la traite : il lui faudrait environ { $amount } { $unit ->
        [GiB] Gio
        [MiB] Mio
       *[KiB] Kio
    } de mémoire, et une image peut en utiliser au plus { $max_amount } { $max_unit ->
        [GiB] Gio
        [MiB] Mio
       *[KiB] Kio
    }. Veuillez envoyer une image plus petite.

## Lists

error-cursor-invalid = Ce curseur de page n'est pas valide.
error-first-negative = first ne peut pas être négatif.
error-boards-by-id-too-many = Demandez au plus { $max } tableaux à la fois.
error-page-unreadable = La page n'a pas pu être lue.

## Following

error-follow-yourself = Vous ne pouvez pas vous suivre vous-même.
error-follow-own-board = Vous ne pouvez pas suivre votre propre tableau.

## API keys

error-api-key-name = Donnez à la clé un nom de { $max } caractères au plus.
error-api-keys-too-many = Vous avez { $max } clés d'API, le maximum autorisé : révoquez-en une pour en créer une autre.
error-api-key-not-found = Cette clé d'API n'existe pas.

## Passkeys

error-passkeys-unavailable = Les clés d'accès ont besoin de l'adresse de ce Corkboard : renseignez public_url (en HTTPS) dans les réglages, ou ouvrez-le à l'adresse localhost.
error-passkey-name = Donnez à la clé d'accès un nom de 1 à { $max } caractères.
error-passkeys-too-many = Vous avez { $max } clés d'accès, le maximum pour un compte : supprimez-en une pour en ajouter une autre.
error-passkey-request-expired = Cette demande de clé d'accès a pris trop de temps ou a déjà servi : réessayez.
error-passkey-not-verified = La réponse de la clé d'accès n'a pas pu être vérifiée : réessayez.
error-passkey-already-registered = Cette clé d'accès est déjà enregistrée ici.
error-passkey-unknown = Cette clé d'accès n'appartient à aucun compte ici : connectez-vous autrement, puis ajoutez-la depuis votre page de profil.
error-passkey-not-found = Cette clé d'accès n'existe pas.
error-passkey-last-way-in = C'est le dernier moyen de vous connecter à votre compte : définissez un mot de passe ou ajoutez d'abord une autre clé d'accès.
error-too-many-passkey-sign-ins = Trop de connexions par clé d'accès ont été commencées depuis votre adresse. Veuillez patienter quelques minutes et réessayer.

## A busy server

error-server-busy = Le serveur est occupé : veuillez réessayer dans un instant.
error-too-many-downloads = Trop de téléchargements sont en cours sur ce serveur : veuillez réessayer dans un instant.
error-too-many-downloads-of-yours = Vous avez déjà { $count ->
        [one] { $count } téléchargement ou import en cours : veuillez attendre qu'il se termine.
       *[other] { $count } téléchargements ou imports en cours : veuillez attendre qu'ils se terminent.
    }

## Boards: privacy, covers, shares

error-board-holds-private-pictures = Ce tableau contient des images partagées avec vous en privé : il reste privé.
error-pin-not-on-board = Cette épingle n'est pas sur ce tableau.
error-no-user-named = Il n'y a aucun utilisateur nommé « { $username } ».
error-share-with-yourself = Vous voyez toujours vos propres tableaux.
error-board-shares-too-many = Un tableau peut être partagé avec { $max } personnes au plus.

## Quotas, and one import or export at a time. `$grouped` is `$max` with a comma between thousands, as English writes it here.

error-quota-pins = Vous avez atteint votre limite de { $max ->
        [one] { $max } épingle
       *[other] { $max } épingles
    }. Supprimez-en pour en ajouter d'autres.
error-quota-storage = Les images de vos épingles ont atteint votre limite de { $amount } { $unit ->
        [GiB] Gio
        [MiB] Mio
       *[KiB] Kio
    }. Supprimez des épingles pour en ajouter d'autres.
error-quota-waiting = Vos images en attente d'être épinglées ont atteint votre limite de { $amount } { $unit ->
        [GiB] Gio
        [MiB] Mio
       *[KiB] Kio
    } : épinglez-les, ou attendez un peu qu'elles expirent, avant d'en ajouter d'autres.
error-import-running = Un de vos imports est déjà en cours ; attendez qu'il se termine.
error-imports-busy = Le serveur est occupé par d'autres imports : veuillez réessayer dans quelques minutes.
error-export-running = Un de vos exports est déjà en cours ; attendez qu'il se termine.

## Importing an export archive: the archive refused

error-archive-too-many-files = Cette archive contient { $entries } fichiers, plus qu'un export de cette taille ne le pourrait : ce n'est pas une archive que ce Corkboard importe.
error-archive-not-an-export = Ce fichier n'est pas une archive d'export de Corkboard : { $why ->
        [not-zip] ce n'est pas une archive zip
        [no-manifest] il n'a pas de manifest.json
       *[other-format] son manifest.json est d'un autre format
    }.
error-archive-version = Cette archive est à la version { $version } du format d'export, et ce Corkboard lit la version { $supported } : importez-la avec un Corkboard plus récent.
error-archive-manifest-unreadable = Ce fichier n'est pas un export de Corkboard que cette version sait lire : { $why ->
        [cut-short] son manifest.json est tronqué ou endommagé
        [not-json] son manifest.json n'est pas du JSON valide
       *[not-an-export] il manque à son manifest.json quelque chose qu'un export contient, ou il contient autre chose
    } (vers la ligne { $line }).
error-archive-entry-refused = { $why ->
        [too-large] sa taille dépasse ce que ce serveur lit
        [bomb] décompressé, son contenu dépasse de loin sa taille compressée, ce que ne fait aucun export
        [long-text] un de ses textes dépasse { $kb } Ko, ce que ne contient aucun export
       *[too-many] son contenu dépasse ce que ce serveur lit en un import
    }
error-archive-manifest-refused = Ce fichier n'est pas un export de Corkboard que ce serveur peut importer : son manifest.json est refusé ({ error-archive-entry-refused } ; un manifeste peut contenir au plus { $amount } { $unit ->
        [GiB] Gio
        [MiB] Mio
       *[KiB] Kio
    }).
error-archive-no-account-named = Cette archive contient { $count } comptes et aucun ne s'appelle { $username } : importez l'export d'un seul compte.

## Importing an export archive: the report's reasons (after the pin or record they explain) and notes

import-picture-missing = son image n'est pas dans l'archive
import-picture-refused = son image ne peut pas être importée : { error-archive-entry-refused }
import-picture-unreadable = son image ne peut pas être lue dans l'archive
import-picture-other-sha1 = son image n'est pas celle que nomme le manifeste (un autre sha1)
import-picture-not-ingested = son image n'a pas été traitée
import-picture-files-removed = les fichiers de son image ont été supprimés entre-temps : importez l'archive à nouveau
import-note-other-accounts-left-out = Seul le contenu de { $username } a été importé ; { $count ->
        [one] l'autre compte de l'archive a été laissé de côté.
       *[other] les { $count } autres comptes de l'archive ont été laissés de côté.
    }
import-note-same-email = Le compte { $username } de l'archive a l'adresse e-mail du compte { $local } d'ici : son contenu est allé à ce compte.
import-note-share-dropped = Le tableau { $board } n'est pas partagé avec { $username } : ce compte ne fait pas partie de cet import.
import-note-source-dropped = L'épingle { $pin } a été importée sans sa source, qui n'est pas une adresse web (http ou https).
import-note-over-quota = { $count ->
        [one] { $count } épingle n'a pas été ajoutée :
       *[other] { $count } épingles n'ont pas été ajoutées :
    }

## Share links

error-share-link-needs-public-url = Les liens de partage ont besoin de l'adresse publique de ce Corkboard : définissez `public_url` dans les réglages (voir config.example.toml).
error-share-link-days = Un lien de partage expire au bout de 1 à { $max } jours, ou jamais.
error-share-links-too-many = Ce tableau a { $max } liens de partage, le maximum autorisé : révoquez-en un pour en créer un autre.
error-share-link-not-found = Ce lien de partage n'existe pas.
error-share-link-dead = Ce lien ne fonctionne pas : il a peut-être été révoqué ou a expiré.

## Signing in, passwords, mailed links

error-wrong-credentials = Adresse e-mail ou mot de passe incorrect.
error-account-disabled = Ce compte est désactivé : adressez-vous à l'administrateur de ce Corkboard.
error-passwords-off = La connexion par mot de passe est désactivée ici : utilisez votre fournisseur d'identité ou une clé d'accès.
error-last-way-in = C'est votre seul moyen de vous connecter : ajoutez d'abord un mot de passe ou une clé d'accès.
error-identity-not-found = Ce compte lié n'existe pas.
error-username-not-editable = Votre nom d'utilisateur ne peut plus être modifié.
error-too-many-sign-ins = Trop de tentatives de connexion ont échoué. Veuillez patienter quelques minutes et réessayer.
error-too-many-sign-ups = Trop de comptes ont été créés depuis votre adresse. Veuillez réessayer dans une heure.
error-too-many-mails = Trop de courriels ont été demandés. Veuillez réessayer dans une heure.
error-token-invalid = Ce lien n'est pas valide ou a expiré. Veuillez en demander un nouveau.
error-current-password-wrong = Le mot de passe actuel est incorrect.
error-password-wrong = Le mot de passe est incorrect.

## Admins and accounts

error-last-admin = C'est le seul administrateur qui peut se connecter : faites d'abord de quelqu'un d'autre un administrateur.
error-disable-own-account = Vous ne pouvez pas désactiver votre propre compte.
error-delete-own-account = Vous ne pouvez pas supprimer votre propre compte.
error-delete-confirmation = Saisissez le nom d'utilisateur { $username } pour supprimer ce compte.

## What a mutation that worked answers

done-signed-out = Déconnexion effectuée.
done-password-reset-mailed = Si un compte existe pour cette adresse e-mail, un courriel avec un lien de réinitialisation est en route.
done-api-key-revoked = La clé d'API est révoquée.
done-account-deleted = Le compte a été supprimé.
done-invite-withdrawn = Le lien d'invitation a été retiré.
done-share-link-revoked = Le lien de partage a été révoqué.
done-recent-searches-cleared = Vos recherches récentes sont effacées.
done-board-shared = Le tableau est partagé avec { $username }.
done-board-unshared = Le tableau n'est plus partagé avec { $username }.

## GraphQL requests refused before they run

error-request-too-large = Cette requête demande trop à la fois : demandez moins d'éléments ou de champs.
error-request-too-deep = Cette requête imbrique ses champs trop profondément.
error-request-too-many-directives = Cette requête met trop de directives sur un même champ.
error-request-too-many-changes = Cette requête fait trop de modifications à la fois : envoyez-en au plus { $max } par requête.
error-request-fragment-cycle = Les fragments de cette requête s'incluent eux-mêmes.
error-request-batch = Envoyez une requête GraphQL à la fois : les lots ne sont pas acceptés.
error-request-not-graphql = Cette requête n'est pas une requête GraphQL : envoyez un objet avec "query" et, si besoin, "variables" (ligne { $line }, colonne { $column }).
error-request-not-json = Cette requête n'est pas du JSON valide (ligne { $line }, colonne { $column }).
error-request-syntax = Cette requête n'est pas du GraphQL valide : voyez la ligne { $line }, colonne { $column }.
error-request-unnamed-operation = Cette requête contient une opération sans nom parmi d'autres : nommez-les toutes.
error-request-operation-twice = L'opération { $operation } est définie deux fois.
error-request-fragment-twice = Le fragment { $fragment } est défini deux fois.
error-request-no-operation = Cette requête ne contient aucune opération à exécuter.
error-request-not-valid-graphql = Cette requête n'est pas du GraphQL valide.
error-request-more-errors = … et { $count ->
        [one] { $count } autre erreur semblable.
       *[other] { $count } autres erreurs semblables.
    }
error-request-not-json-type = Envoyez les requêtes GraphQL en JSON (Content-Type: application/json).
error-request-body-too-large = Cette requête est trop volumineuse : les requêtes GraphQL font au plus 256 Kio.
error-request-encoded = Envoyez les requêtes sans Content-Encoding.
error-request-length-required = La requête n'a pas indiqué sa taille (Content-Length).
error-misdirected = Ce serveur ne répond pas au nom sous lequel cette page a été ouverte : ouvrez Corkboard à sa propre adresse, ou demandez à son exploitant de définir ce nom comme son public_url.

## Uploads, and what other apps share

error-upload-choose-picture = Veuillez choisir un fichier image à envoyer.
error-archive-too-large = Cette archive est trop volumineuse : { $amount } { $unit ->
        [GiB] Gio
        [MiB] Mio
       *[KiB] Kio
    } au maximum.
error-archive-choose = Veuillez choisir l'archive zip d'un export à importer.
error-share-nothing = Rien à épingler n'a été partagé : ni image ni lien.
error-share-text-too-long = Le champ partagé { $name } est trop long : 64 Kio au maximum.
error-share-form-unreadable = Le formulaire partagé n'a pas pu être lu.
