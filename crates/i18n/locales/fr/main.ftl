### Corkboard : les mots du serveur hors de ses erreurs (helper S1) : la langue elle-même, sa
### façon d'écrire les nombres, les titres de pages et les aperçus de liens, les flux et les
### courriels. Mêmes identifiants que en/main.ftl ; « vous ».

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
