<?xml version="1.0" encoding="UTF-8"?>
<!ELEMENT topic (title, body?)>
<!ATTLIST topic id ID #REQUIRED %univ-atts; >
<!ELEMENT title (%basic.ph;)*>
<!ELEMENT body (p | ul)*>
<!ELEMENT p (%basic.ph;)*>
<!ATTLIST p %univ-atts; >
<!ELEMENT ul (li)+>
<!ELEMENT li (%basic.ph;)*>
<!ELEMENT ph (%basic.ph;)*>
<!ELEMENT b (%basic.ph;)*>
<!ELEMENT i (%basic.ph;)*>
<!ELEMENT u (%basic.ph;)*>
<!ELEMENT uicontrol (%basic.ph;)*>
<!ELEMENT menucascade (uicontrol)+>
